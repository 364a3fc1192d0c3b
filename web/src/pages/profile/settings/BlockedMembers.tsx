/**
 * Settings › Blocked members: everyone the member has blocked, newest first, each with "Unblock" (their
 * conversation comes back to the inbox). None: says so.
 */
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { UnblockMemberButton } from '../../../components/BlockMember';
import { Avatar } from '../../../components/ui';
import { initials } from '../../../lib/format';
import { useBlockedMembers } from '../../../lib/members';
import { fullName } from '../../../lib/users';
import { SectionHead } from './SectionHead';
import { Row, SectionList } from './SectionList';

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
      <SectionList
        items={members}
        error={error}
        failedText={t`Failed to load blocked members`}
        emptyText={t`You have not blocked anyone.`}
        row={(member) => {
          const name = fullName(member);
          return (
            <MemberRow key={member.id} data-testid="blocked-member">
              <Avatar $size={40}>{member.profileImageUrl ? <img src={member.profileImageUrl} alt="" /> : initials(member.firstName, member.lastName)}</Avatar>
              <strong>{name}</strong>
              <UnblockMemberButton memberId={member.id} name={name} size="sm" />
            </MemberRow>
          );
        }}
      />
    </section>
  );
}

const MemberRow = styled(Row)`
  strong {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;
