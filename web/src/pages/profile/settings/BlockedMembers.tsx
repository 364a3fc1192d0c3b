/**
 * Settings › Blocked members: everyone the member has blocked, newest first, each with "Unblock" (their
 * conversation comes back to the inbox). None: says so.
 */
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { UnblockMemberButton } from '../../../components/BlockMember';
import { Avatar, Skeleton } from '../../../components/ui';
import { initials } from '../../../lib/format';
import { useBlockedMembers } from '../../../lib/members';
import { fullName } from '../../../lib/users';
import { SectionHead } from './SectionHead';

export function BlockedMembersSection() {
  const { data: members, error } = useBlockedMembers(true);
  const { t } = useLingui();
  return (
    <section aria-labelledby="settings-blocked">
      <SectionHead
        id="settings-blocked"
        title={t`Blocked members`}
        description={t`They cannot message you, and your conversations with them are hidden. They are not told.`}
      />
      {error ? (
        <Note role="alert">{t`Failed to load blocked members`}</Note>
      ) : !members ? (
        <Skeleton $height="56px" />
      ) : members.length === 0 ? (
        <Note>{t`You have not blocked anyone.`}</Note>
      ) : (
        <List>
          {members.map((member) => {
            const name = fullName(member);
            return (
              <Row key={member.id} data-testid="blocked-member">
                <Avatar $size={40}>{member.profileImageUrl ? <img src={member.profileImageUrl} alt="" /> : initials(member.firstName, member.lastName)}</Avatar>
                <strong>{name}</strong>
                <UnblockMemberButton memberId={member.id} name={name} size="sm" />
              </Row>
            );
          })}
        </List>
      )}
    </section>
  );
}

const Note = styled.p`
  color: var(--muted);
  font-size: 0.9rem;
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
`;

const Row = styled.li`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 10px 0;
  border-top: 1px solid var(--border);
  &:first-child {
    border-top: 0;
  }
  strong {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;
