/**
 * The app's one stylesheet (src/global.css: variables and base styles; components style themselves with
 * styled-components) goes into index.html as a <style>, not a <link>: on a phone's cellular link a
 * stylesheet is another round trip before the first paint, and this one is about 1 KB.
 */
import type { Plugin } from 'vite';

/** index.html with each stylesheet it links replaced by its text; answers the CSS files it inlined. */
export function inlineStylesheets(html: string, cssOf: (href: string) => string | undefined): { html: string; inlined: string[] } {
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
          const name = JSON.stringify(fileOf(href)).replaceAll('.', '\\.');
          const listed = new RegExp(`,${name}(?=[,\\]])|${name},?(?=["\\]])`, 'g');
          for (const file of Object.values(bundle)) if (file.type === 'chunk') file.code = file.code.replace(listed, '');
        }
      },
    },
  };
}
