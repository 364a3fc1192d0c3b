/**
 * The language switch of the header (the other language, named in itself, its code on a phone: one tap)
 * and of the phone drawer (both, named in full, the active one pressed). A member's choice is kept on the account too
 * (`preferredLanguage`), so it follows them to a new device: useAccountLanguage applies it once they are
 * known.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import styled from 'styled-components';
import { LANGUAGES, type Language } from '@vnmarket/proto/languages';
import { activeLanguage, switchLanguage } from '../../lib/i18n';
import { saveLanguage } from '../../lib/session';
import { useAuth } from '../../lib/use-auth';
import { media } from '../../lib/breakpoints';

/** Each language by its own name, the same in every language. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- names that are never translated
const NAMES: Record<Language, string> = { en: 'English', vi: 'Tiếng Việt' };

/** Switches to `language` and, for a member, saves it on the account. */
function useChooseLanguage(): (language: Language) => Promise<void> {
  const { user } = useAuth();
  return async (language) => {
    await switchLanguage(language);
    // Best effort: the switch has happened and the browser remembers it; the account catches up next time.
    if (user && user.preferredLanguage !== language) await saveLanguage(language);
  };
}

/** A member's saved language, applied when they are known (on a new device, after signing in). */
export function useAccountLanguage(): void {
  const { user } = useAuth();
  const preferred = user?.preferredLanguage;
  useEffect(() => {
    if (preferred && preferred !== activeLanguage()) void switchLanguage(preferred);
  }, [preferred]);
}

export function LanguageSwitch() {
  const { i18n } = useLingui();
  const choose = useChooseLanguage();
  const other: Language = i18n.locale === 'vi' ? 'en' : 'vi';
  const code = other.toUpperCase();
  return (
    // On a phone its name is the code it shows and the language's name (WCAG 2.5.3: the label is in the name).
    <SwitchButton type="button" lang={other} onClick={() => void choose(other)}>
      <FullName>{NAMES[other]}</FullName>
      <ShortName>
        {code}
        <span className="visually-hidden"> {NAMES[other]}</span>
      </ShortName>
    </SwitchButton>
  );
}

/** Both languages, the active one pressed (the phone drawer). */
export function LanguageChoice() {
  const { i18n, t } = useLingui();
  const choose = useChooseLanguage();
  return (
    <Choices role="group" aria-label={t`Language`}>
      {LANGUAGES.map((language) => (
        <SwitchButton key={language} type="button" lang={language} aria-pressed={i18n.locale === language} onClick={() => void choose(language)}>
          {NAMES[language]}
        </SwitchButton>
      ))}
    </Choices>
  );
}

const SwitchButton = styled.button`
  min-height: 44px;
  padding: 0 10px;
  border: 1px solid var(--border);
  border-radius: var(--radius-sm);
  background: var(--surface);
  color: var(--text);
  font: inherit;
  font-size: 0.9rem;
  font-weight: 600;
  white-space: nowrap;
  cursor: pointer;
  &:hover {
    background: var(--subtle);
  }
  &[aria-pressed='true'] {
    border-color: var(--primary);
    color: var(--primary);
  }
`;

/* A phone's header is narrow: the language's code there ("VI", "EN"), its name from the phone breakpoint up. */
const FullName = styled.span`
  ${media.belowPhone} {
    display: none;
  }
`;

const ShortName = styled.span`
  display: none;
  ${media.belowPhone} {
    display: inline;
  }
`;

const Choices = styled.div`
  display: flex;
  gap: 8px;
  flex-wrap: wrap;
`;
