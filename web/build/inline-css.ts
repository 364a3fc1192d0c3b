/**
 * The app's one stylesheet (src/global.css: variables and base styles; components style themselves with
 * styled-components) goes into index.html as a <style>, not a <link>: on a phone's cellular link a
 * stylesheet is another round trip before the first paint, and this one is about 1 KB.
 */
import type { Plugin } from 'vite';

/** index.html with each stylesheet it links replaced by its text; answers the CSS files it inlined. */
function inlineStylesheets(html: string, cssOf: (href: string) => string | undefined): { html: string; inlined: string[] } {
  const inlined: string[] = [];
  const result = html.replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (link, href: string) => {
    const css = cssOf(href);
    if (css === undefined) return link;
    if (css.includes('</')) throw new Error(`${href} contains "</": it cannot be inlined in a <style>`);
    inlined.push(href);
    return `<style>${css}</style>`;
  });
  return { html: result, inlined };
}

/**
 * A chunk's code with `file` left out of what its dynamic imports preload. Vite lists a chunk's preloads once
 * (`__vite__mapDeps`'s `m.f=[…]`) and each import names them by index (`__vite__mapDeps([0,3,5])`): the file
 * goes from the list, its index from every import, and the indexes after it move down by one.
 */
function withoutPreload(code: string, file: string): string {
  const list = /(m\.f=)(\[[^\]]*\])/.exec(code);
  if (!list) return code;
  const files = JSON.parse(list[2]!) as string[];
  const removed = files.indexOf(file);
  if (removed < 0) return code;
  const kept = files.filter((_, index) => index !== removed);
  return code.replace(list[0], `${list[1]}${JSON.stringify(kept)}`).replace(/__vite__mapDeps\(\[([\d,]*)\]\)/g, (_call, indexes: string) => {
    const moved = indexes
      .split(',')
      .filter(Boolean)
      .map(Number)
      .filter((index) => index !== removed)
      .map((index) => (index > removed ? index - 1 : index));
    return `__vite__mapDeps([${moved.join(',')}])`;
  });
}

export function inlineCss(): Plugin {
  return {
    name: 'inline-css',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const page = bundle['index.html'];
        if (page?.type !== 'asset') return;
        const fileOf = (href: string) => href.replace(/^\//, '');
        const { html, inlined } = inlineStylesheets(String(page.source), (href) => {
          const asset = bundle[fileOf(href)];
          return asset?.type === 'asset' ? String(asset.source) : undefined;
        });
        page.source = html;
        for (const href of inlined) {
          delete bundle[fileOf(href)];
          // A lazy chunk that imports from the entry lists the entry's stylesheet among what it preloads
          // (Vite's __vite__mapDeps): it is in the page already, and its file is gone.
          for (const file of Object.values(bundle)) if (file.type === 'chunk') file.code = withoutPreload(file.code, fileOf(href));
        }
      },
    },
  };
}
