import type { FastifySwaggerUiOptions } from '@fastify/swagger-ui';

/**
 * The API documentation page (/apis/docs/, Swagger UI; the "接口文档" menu entry) made accessible (issue #19,
 * WCAG 2.1 AA, 0 serious or critical axe violations):
 * - `uiConfig`: Swagger UI's base layout, without the stand-alone top bar (its logo image has no text
 *   alternative, its address box no label, and this portal serves one document: there is nothing to explore);
 *   no deep links (a deep link is a link inside each operation's toggle button: nested interactive controls).
 * - `theme`: text colours and the operation-method badges darker, to 4.5:1 against their backgrounds (Swagger UI's
 *   own shades give 2.0–3.8:1).
 * - `theme.js`: what Swagger UI draws when the user opens an operation or the Authorize dialog, given names as it
 *   appears (a MutationObserver): the dialog's close button is named, the dialog's submit buttons lose an
 *   aria-label that does not contain their visible text, and example code boxes that scroll take the focus.
 * Passed as is to `@fastify/swagger-ui`'s options.
 */
export const API_DOCS_UI: Pick<FastifySwaggerUiOptions, 'uiConfig' | 'theme'> = {
  uiConfig: { layout: 'BaseLayout', deepLinking: false },
  theme: {
    title: 'SRM portal API',
    css: [
      {
        filename: 'a11y.css',
        content: [
          // Method badges: white text on each method's colour, darkened to ≥ 4.5:1.
          '.swagger-ui .opblock .opblock-summary-method { color: #fff; }',
          '.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1d63b0; }',
          '.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1c7a4e; }',
          '.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #9a5200; }',
          '.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #c0161c; }',
          '.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #17776a; }',
          '.swagger-ui .opblock.opblock-head .opblock-summary-method { background: #6d16c4; }',
          '.swagger-ui .opblock.opblock-options .opblock-summary-method { background: #0d5aa7; }',
          // The Authorize button and the lock icons: the POST green darkened for text on white.
          '.swagger-ui .btn.authorize { color: #1c7a4e; border-color: #1c7a4e; }',
          '.swagger-ui .btn.authorize svg { fill: #1c7a4e; }',
          // Version stamps (white on grey / green) and the document's address (blue on light grey).
          '.swagger-ui .info .title small { background: #555b66; }',
          '.swagger-ui .info .title small.version-stamp { background: #3f6600; }',
          '.swagger-ui .info .url, .swagger-ui .info a { color: #1d63b0; }',
          // Secondary texts Swagger UI draws in light greys.
          '.swagger-ui .opblock-tag small, .swagger-ui .opblock .opblock-summary-description { color: #3b4151; }',
          '.swagger-ui .parameter__in, .swagger-ui .prop-format, .swagger-ui .response-col_links { color: #555b66; }',
          '.swagger-ui .parameter__name.required span, .swagger-ui .parameter__name.required:after { color: #c0161c; }',
        ].join('\n'),
      },
    ],
    js: [
      {
        filename: 'a11y.js',
        content: `(() => {
  const fix = () => {
    for (const b of document.querySelectorAll('.swagger-ui .close-modal:not([aria-label])')) b.setAttribute('aria-label', 'Close');
    for (const b of document.querySelectorAll('.swagger-ui .auth-btn-wrapper button[aria-label]')) b.removeAttribute('aria-label');
    for (const e of document.querySelectorAll('.swagger-ui .example:not([tabindex]), .swagger-ui pre.microlight:not([tabindex])')) e.setAttribute('tabindex', '0');
  };
  new MutationObserver(fix).observe(document.body, { childList: true, subtree: true });
})();`,
      },
    ],
  },
};
