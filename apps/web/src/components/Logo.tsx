import { useState } from 'react';
import { DEFAULT_LOGO, DEFAULT_LOGO_SRC, logoSize, logoUrl, type Size } from '../lib/logo.ts';

/**
 * A logo setting shown by the rules of spec 000 §2: URL or stored file, sized by the 4.5 ratio rule,
 * the default logo (140x30) when empty or when the image fails. Plain <img>: used on the login page.
 */
export function Logo({
  value,
  alt,
  className,
}: {
  value: string | null | undefined;
  alt: string;
  className?: string;
}) {
  const src = logoUrl(value);
  const [failed, setFailed] = useState<string | null>(null);
  const [size, setSize] = useState<Size | null>(null);
  const broken = !src || failed === src;
  if (broken) {
    return (
      <img
        className={className}
        src={DEFAULT_LOGO_SRC}
        alt={alt}
        width={DEFAULT_LOGO.width}
        height={DEFAULT_LOGO.height}
        data-default-logo="true"
      />
    );
  }
  return (
    <img
      className={className}
      src={src}
      alt={alt}
      style={size ? { width: size.width, height: size.height } : { maxHeight: 55, maxWidth: 150 }}
      onLoad={(e) => setSize(logoSize(e.currentTarget.naturalWidth, e.currentTarget.naturalHeight))}
      onError={() => setFailed(src)}
    />
  );
}
