/**
 * The profile's Settings tab: one section after another, each its own file in this folder, titled by an
 * h2 and drawn as a card. A new section is a new file and one more entry in SECTIONS; the order there is the
 * order on screen.
 */
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card } from '../../../components/ui';
import { BlockedMembersSection } from './BlockedMembers';
import { LanguageSection } from './Language';
import { NotificationsSection } from './Notifications';
import { ReportOutcomesSection } from './ReportOutcomes';
import { SavedSearchesSection } from './SavedSearches';

/** A section: its id (unique, for its heading's id and tests) and its component. */
interface SettingsSection {
  id: string;
  Section: () => ReactNode;
}

const SECTIONS: SettingsSection[] = [
  { id: 'notifications', Section: NotificationsSection },
  { id: 'language', Section: LanguageSection },
  { id: 'saved-searches', Section: SavedSearchesSection },
  { id: 'blocked-members', Section: BlockedMembersSection },
  { id: 'reports', Section: ReportOutcomesSection },
];

export function Settings() {
  return (
    <Sections data-testid="settings">
      {SECTIONS.map(({ id, Section }) => (
        <SectionCard key={id} data-testid={`settings-${id}`}>
          <Section />
        </SectionCard>
      ))}
    </Sections>
  );
}

const Sections = styled.div`
  display: grid;
  gap: 16px;
`;

const SectionCard = styled(Card)`
  padding: 20px;
`;
