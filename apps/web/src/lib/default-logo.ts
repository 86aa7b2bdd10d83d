/** The default logo (140x30): an inline SVG so it never fails to load. */
export const DEFAULT_LOGO_SRC = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="140" height="30" viewBox="0 0 140 30"><rect width="140" height="30" rx="6" fill="#1677ff"/><text x="70" y="21" font-family="Arial,Helvetica,sans-serif" font-size="16" font-weight="700" fill="#fff" text-anchor="middle">SRM Portal</text></svg>',
)}`;
