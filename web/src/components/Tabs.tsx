/**
 * ARIA tabs: a tablist of tab buttons and the selected tab's panel. One tab is in the Tab order (the
 * selected one); Left/Right arrows (wrapping), Home and End move between tabs and select them.
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { media } from '../lib/breakpoints';

interface TabItem<Id extends string> {
  id: Id;
  label: ReactNode;
  content: ReactNode;
}

interface TabsProps<Id extends string> {
  /** The accessible name of the tablist. */
  label: string;
  tabs: TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
}

export function Tabs<Id extends string>({ label, tabs, selected, onSelect }: TabsProps<Id>) {
  const base = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === selected),
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? current === last
          ? 0
          : current + 1
        : event.key === 'ArrowLeft'
          ? current === 0
            ? last
            : current - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    onSelect(tabs[next]!.id);
    buttons.current[next]?.focus();
  };

  const active = tabs[current]!;
  return (
    <div>
      <TabList role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <Tab
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            id={`${base}-tab-${tab.id}`}
            type="button"
            role="tab"
            aria-selected={index === current}
            // Only the selected tab's panel is rendered, so only it is referenced.
            aria-controls={index === current ? `${base}-panel-${tab.id}` : undefined}
            tabIndex={index === current ? 0 : -1}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </Tab>
        ))}
      </TabList>
      <Panel key={active.id} id={`${base}-panel-${active.id}`} role="tabpanel" aria-labelledby={`${base}-tab-${active.id}`} tabIndex={0}>
        {active.content}
      </Panel>
    </div>
  );
}

const TabList = styled.div`
  display: flex;
  gap: 4px;
  overflow-x: auto;
  border-bottom: 1px solid var(--border);
  scrollbar-width: thin;
`;

/* On a phone the tabs share the width equally and a label wraps between its words, so every tab shows without scrolling. */
const Tab = styled.button`
  flex: 1 1 0;
  min-width: 0;
  min-height: 48px;
  padding: 4px;
  border: 0;
  border-bottom: 3px solid transparent;
  margin-bottom: -1px;
  background: none;
  color: var(--muted);
  font: inherit;
  font-size: 0.9rem;
  font-weight: 600;
  line-height: 1.2;
  cursor: pointer;
  ${media.phone} {
    flex: none;
    padding: 0 16px;
    font-size: 1rem;
  }
  &:hover {
    color: var(--text);
  }
  &[aria-selected='true'] {
    color: var(--primary);
    border-bottom-color: var(--primary);
  }
  &:focus-visible {
    outline: 2px solid var(--primary);
    outline-offset: -4px;
    border-radius: 6px;
  }
`;

const Panel = styled.div`
  padding-top: 20px;
  &:focus-visible {
    outline: 2px solid var(--primary);
    outline-offset: 4px;
    border-radius: 6px;
  }
`;
