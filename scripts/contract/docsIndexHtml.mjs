// The /docs index page: one link per API reference page, written next to the pages.

const escapeHtml = (text) =>
  String(text ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

function firstParagraph(description) {
  return (
    String(description ?? '')
      .trim()
      .split(/\n\s*\n/)[0]
      ?.replace(/\s+/g, ' ') ?? ''
  );
}

/**
 * The HTML of the index page for `pages` (`{ api, file, title, version,
 * operations, description }` as buildDocs returns them), linking each page by
 * its file name so the index works from disk and under `/docs/`.
 */
export function docsIndexHtml(pages) {
  const items = pages
    .map(
      (p) => `    <li>
      <a href="./${escapeHtml(p.file)}"><strong>${escapeHtml(p.api)}</strong>: ${escapeHtml(p.title)}</a>
      <span class="meta">version ${escapeHtml(p.version)}, ${p.operations} operation${p.operations === 1 ? '' : 's'}</span>
      <p>${escapeHtml(firstParagraph(p.description))}</p>
    </li>`,
    )
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta http-equiv="Content-Security-Policy" content="default-src 'self' 'unsafe-inline' data:">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="icon" href="data:,">
  <title>API reference</title>
  <style>
    body { font: 16px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 52rem; padding: 0 1rem; color: #1b1f24; }
    ul { list-style: none; padding: 0; }
    li { border-top: 1px solid #d0d7de; padding: 1rem 0; }
    a { font-size: 1.15rem; }
    .meta { display: block; color: #57606a; font-size: .9rem; }
    p { margin: .4rem 0 0; }
  </style>
</head>
<body>
  <h1>API reference</h1>
  <p>Built from the contracts in <code>openapi/</code> by <code>npm run docs</code>.</p>
  <ul>
${items}
  </ul>
</body>
</html>
`;
}
