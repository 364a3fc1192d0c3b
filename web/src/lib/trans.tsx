/**
 * The <Trans> that Lingui's macro renders (web/lingui.config.ts, runtimeConfigModule): @lingui/react's,
 * from its context-free part. Importing it from here rather than from @lingui/react keeps the rich-text
 * formatter out of the first page's JS: only lazy screens use <Trans>, and @lingui/react's main module,
 * which the first page imports for I18nProvider and useLingui, would otherwise carry it.
 */
import { useLingui } from '@lingui/react';
import { TransNoContext, type TransProps } from '@lingui/react/server';

export function Trans(props: TransProps) {
  return <TransNoContext {...props} lingui={useLingui()} />;
}
