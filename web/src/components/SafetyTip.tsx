/**
 * The safety tip beside a message the scam guard flagged (the message's `warning`, which only its receiver
 * is given): one short text for each kind, in the reader's language. A calm note, not an alarm: most
 * flagged messages are honest, and the tip says what to watch for. Its "Safety tip" label says what it is
 * without its colour, and a screen reader hears it after the message as a note.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { MessageWarning } from '@vnmarket/proto/events';
import styled from 'styled-components';
import { Svg, type IconProps } from './Icons';

const TIPS: Record<MessageWarning, MessageDescriptor> = {
  prepayment: msg`Never pay or leave a deposit before you have seen the place or the item in person.`,
  gift_card: msg`No honest seller asks to be paid in gift cards. Once you send a card's code, the money is gone.`,
  off_platform_payment: msg`Zelle, Venmo, Cash App and wires cannot be undone. Pay only when you meet and have what you paid for.`,
  code_request: msg`Never share a verification code sent to your phone. Anyone who asks for it wants to take over your account or number.`,
  external_link: msg`This link leads away from Chợ Việt. Do not sign in or pay on a page you reached from a message.`,
  contact_details: msg`Keep the conversation here until you know who you are talking to.`,
};

/** An "i" in a circle: information, not a warning sign (nor a shield with a tick, which would say "checked"). */
const InfoIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 16v-5M12 8h.01" />
  </Svg>
);

export function SafetyTip({ warning }: { warning: MessageWarning }) {
  const { t, i18n } = useLingui();
  return (
    <Tip role="note" data-testid="safety-tip" data-warning={warning}>
      <InfoIcon size={16} />
      <span>
        <strong>{t`Safety tip`}: </strong>
        {i18n._(TIPS[warning])}
      </span>
    </Tip>
  );
}

const Tip = styled.p`
  align-self: flex-start;
  max-width: 80%;
  display: flex;
  gap: 8px;
  align-items: flex-start;
  margin: -2px 0 4px;
  padding: 8px 12px;
  border: 1px solid #b9d8d5;
  border-left-width: 4px;
  border-radius: var(--radius-sm);
  background: #eef6f5;
  color: var(--text);
  font-size: 0.85rem;
  line-height: 1.4;
  svg {
    flex: none;
    margin-top: 2px;
    color: #0f6b66;
  }
  strong {
    font-weight: 700;
  }
`;
