// The QA scenario panel, injected by the dev and preview servers
// (mockScenarioServer.mjs) into the pages they serve; never part of the build.
// It lives in a shadow root so the site's styles and its own never mix.
const state = JSON.parse(document.getElementById('mock-scenarios-state')?.textContent ?? '{}');
const apis = state.apis ?? {};
const param = state.param ?? 'mock';

/** Creates an element with attributes (`on…` keys become listeners) and children. */
function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name.startsWith('on')) element.addEventListener(name.slice(2), value);
    else if (value === true) element.setAttribute(name, '');
    else if (value !== false && value != null) element.setAttribute(name, String(value));
  }
  element.append(...children.flat().filter((c) => c != null && c !== false));
  return element;
}

/** This page's URL with `?mock=` set to `value` (kept even when empty, so the link also clears an older choice). */
function linkTo(value) {
  const url = new URL(window.location.href);
  url.searchParams.delete(param);
  // Written by hand so the link stays readable (`search:noResults`, not `search%3AnoResults`).
  const readable = encodeURIComponent(value).replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%3D/g, '=');
  url.search = `${url.search ? `${url.search}&` : '?'}${param}=${readable}`;
  return url.href;
}

const activeByApi = {};
for (const entry of (state.active ?? '').split(',').filter(Boolean)) {
  const api = entry.slice(0, entry.indexOf(':'));
  (activeByApi[api] ??= []).push(entry);
}

function apiField(api, { examples, codes }) {
  const id = `mock-scenarios-${api}`;
  const current = (activeByApi[api] ?? []).join(',');
  const option = (value, label) => h('option', { value, selected: value === current }, label);
  const several = (activeByApi[api] ?? []).length > 1;
  return h(
    'div',
    { class: 'field' },
    h('label', { for: id }, api),
    h(
      'select',
      { id, name: api },
      option('', 'default answer'),
      several ? option(current, current) : null,
      examples.length
        ? h(
            'optgroup',
            { label: 'Named examples' },
            examples.map((e) => option(`${api}:${e}`, e)),
          )
        : null,
      codes.length
        ? h(
            'optgroup',
            { label: 'Status codes' },
            codes.map((c) => option(`${api}:code=${c}`, `code=${c}`)),
          )
        : null,
      option(`${api}:dynamic`, 'dynamic (generated from the schema)'),
    ),
  );
}

const bodyId = 'mock-scenarios-body';
const summary = state.error
  ? 'choice refused'
  : state.active
    ? `${state.active.split(',').length} active`
    : 'none active';
const toggle = h(
  'button',
  { type: 'button', class: 'toggle', 'aria-expanded': 'false', 'aria-controls': bodyId },
  `Mock scenarios (${summary})`,
);
const status = h('p', { role: 'status', class: 'status' });
const link = h('input', { id: 'mock-scenarios-link', readonly: true, value: linkTo(state.active ?? '') });

const form = h(
  'form',
  {
    'aria-label': 'Choose mock answers',
    onsubmit(event) {
      event.preventDefault();
      const value = [...form.querySelectorAll('select')]
        .map((s) => s.value)
        .filter(Boolean)
        .join(',');
      window.location.assign(linkTo(value));
    },
  },
  Object.entries(apis).map(([api, choices]) => apiField(api, choices)),
  h(
    'div',
    { class: 'actions' },
    h('button', { type: 'submit' }, 'Apply'),
    h('button', { type: 'button', onclick: () => window.location.assign(linkTo('')) }, 'Reset all to default'),
  ),
);

async function copyLink() {
  try {
    await navigator.clipboard.writeText(link.value);
    status.textContent = 'Link copied to the clipboard.';
  } catch {
    link.select();
    status.textContent = 'Could not copy: the link is selected, copy it with Ctrl+C.';
  }
}

const body = h(
  'div',
  { id: bodyId, class: 'body', hidden: true },
  state.error ? h('p', { role: 'alert', class: 'error' }, state.error, ' The previous scenario is kept.') : null,
  h('p', { class: 'active' }, 'Active: ', h('code', {}, state.active || 'none (every API gives its default answer)')),
  form,
  h(
    'div',
    { class: 'share' },
    h('label', { for: link.id }, 'Link to this state'),
    link,
    h('button', { type: 'button', onclick: copyLink }, 'Copy link to this state'),
    status,
  ),
);

function setOpen(open) {
  toggle.setAttribute('aria-expanded', String(open));
  body.hidden = !open;
}
toggle.addEventListener('click', () => setOpen(body.hidden));
const panel = h('aside', { 'aria-label': 'Mock scenarios' }, toggle, body);
panel.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && !body.hidden) {
    setOpen(false);
    toggle.focus();
  }
});

// The servers put the host in the page (at its height from the first paint); a page without one gets it first in the body.
const host = document.getElementById('mock-scenarios') ?? h('div', { id: 'mock-scenarios' });
const root = host.attachShadow({ mode: 'open' });
// A constructed stylesheet, not a <style> element: the site's Content-Security-Policy allows no inline
// style but the build's own (by hash), and the panel's is no part of the build.
const sheet = new CSSStyleSheet();
sheet.replaceSync(`
  /* A bar in the page's flow above it (not fixed over it): it never covers a control of the page (the consent prompt's buttons, a docked tray). */
  :host { all: initial; display: block; min-height: 2.75rem; box-sizing: border-box; padding: 6px 8px; background: #f3f4f6; border-bottom: 1px solid #d1d5db; font: 14px/1.4 system-ui, sans-serif; color: #111; }
  aside { max-width: min(26rem, calc(100vw - 16px)); }
  button, select, input { font: inherit; }
  button { border: 1px solid #333; border-radius: 4px; padding: 4px 10px; background: #fff; color: #111; cursor: pointer; }
  .toggle { background: #1f2937; color: #fff; box-shadow: 0 1px 4px rgb(0 0 0 / 0.3); }
  button:focus-visible, select:focus-visible, input:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
  .body { margin-bottom: 6px; padding: 10px 12px; max-height: 70vh; overflow: auto; background: #fff; border: 1px solid #333; border-radius: 6px; box-shadow: 0 2px 10px rgb(0 0 0 / 0.3); }
  .body[hidden] { display: none; }
  aside { display: flex; flex-direction: column; align-items: flex-start; }
  .body { margin: 6px 0 0; }
  .field { display: grid; grid-template-columns: 7rem 1fr; gap: 6px; align-items: center; margin: 4px 0; }
  select, input { min-width: 0; width: 100%; padding: 2px 4px; border: 1px solid #555; border-radius: 3px; background: #fff; color: #111; }
  .actions, .share { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 8px; align-items: center; }
  .error { color: #9b1c1c; background: #fdecec; padding: 6px; border-radius: 4px; margin-top: 0; }
  .status { margin: 0; color: #14532d; }
  p { margin: 0 0 6px; }
`);
root.adoptedStyleSheets = [sheet];
root.append(panel);
if (!host.isConnected) document.body.prepend(host);
if (state.error) setOpen(true);
