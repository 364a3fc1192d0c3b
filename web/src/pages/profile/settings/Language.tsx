/** Settings › Language: both languages, the active one pressed (the header's switch, kept on the account). */
import { useLingui } from '@lingui/react/macro';
import { LanguageChoice } from '../../../components/header/LanguageSwitch';
import { SectionHead } from './SectionHead';

export function LanguageSection() {
  const { t } = useLingui();
  return (
    <section aria-labelledby="settings-language">
      <SectionHead id="settings-language" title={t`Language`} description={t`Saved on your account, so the app speaks it on your other devices too.`} />
      <LanguageChoice />
    </section>
  );
}
