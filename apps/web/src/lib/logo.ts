import {
  DEFAULT_LOGO_SIZE,
  LOGO_MAX_HEIGHT,
  LOGO_MAX_WIDTH,
  LOGO_TARGET_RATIO,
} from '@srm/contracts/constants';
import { appUrl } from './base-path.ts';

/** Download URL of a stored file (spec 000 §7 `GET /ElsAttachmentService/downloadFileByPortal`). */
export function downloadUrl(filePath: string): string {
  return appUrl(`/apis/ElsAttachmentService/downloadFileByPortal?filePath=${encodeURIComponent(filePath)}`);
}

/**
 * Where a logo or picture setting points (spec 000 §2 "Logo"): an absolute http(s) URL is used as is,
 * anything else is a stored file path served through the download URL. Empty → null (use the default).
 */
export function logoUrl(value: string | null | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  if (/^https?:\/\//i.test(v)) return v;
  return downloadUrl(v);
}

export type Size = { width: number; height: number };

/** The default logo's size (spec 000 §2: 140x30). */
export const DEFAULT_LOGO: Size = { ...DEFAULT_LOGO_SIZE };

/**
 * Displayed size of a logo of natural size w × h (spec 000 §2): target ratio 4.5; narrower → height 55
 * and width by ratio; wider → width 150 and height by ratio; exactly 4.5 → native size.
 * An image without a size (broken) gets the default logo size.
 */
export function logoSize(naturalWidth: number, naturalHeight: number): Size {
  if (!(naturalWidth > 0) || !(naturalHeight > 0)) return { ...DEFAULT_LOGO };
  const ratio = naturalWidth / naturalHeight;
  if (ratio < LOGO_TARGET_RATIO) {
    return { height: LOGO_MAX_HEIGHT, width: Math.round(LOGO_MAX_HEIGHT * ratio) };
  }
  if (ratio > LOGO_TARGET_RATIO) {
    return { width: LOGO_MAX_WIDTH, height: Math.round(LOGO_MAX_WIDTH / ratio) };
  }
  return { width: naturalWidth, height: naturalHeight };
}

export { DEFAULT_LOGO_SRC } from './default-logo.ts';

/** True when a picked file may be uploaded as a login-page picture: JPG or PNG only (seed 001 §5). */
export function isJpgOrPng(file: { name: string; type: string }): boolean {
  return /^image\/(png|jpe?g)$/i.test(file.type) || /\.(png|jpe?g)$/i.test(file.name);
}
