/**
 * What the owner of a listing that moderators keep out of the catalogue is told (dashboard and the
 * listing's page): held while reports are looked at, or removed, with the one appeal a removal allows.
 */
import { useLingui } from '@lingui/react/macro';
import { appealBody } from '@vnmarket/proto/moderation';
import type { Listing } from '@vnmarket/proto/listings';
import { useState } from 'react';
import styled from 'styled-components';
import { appealRemoval } from '../lib/moderation';
import { useToast } from '../lib/toast';
import { ReasonDialog } from './ReasonDialog';
import { Badge, Button } from './ui';
import { Callout } from './Callout';

/** The status badge beside a listing's other badges. */
export function ModerationBadge({ status }: { status: NonNullable<Listing['moderationStatus']> }) {
  const { t } = useLingui();
  const label = { held: t`Under review`, removed: t`Removed by a moderator`, suspended: t`Hidden` }[status];
  return (
    <Badge $tone="accent" data-testid="moderation-badge">
      {label}
    </Badge>
  );
}

export function ModerationNotice({ listing }: { listing: Listing }) {
  const { t } = useLingui();
  const toast = useToast();
  const [appealing, setAppealing] = useState(false);
  const [appealed, setAppealed] = useState(false);
  const status = listing.moderationStatus;
  if (!status) return null;
  const text = {
    held: t`Several members reported this listing, so it is hidden while a moderator looks at it. You will see the outcome here.`,
    removed: t`A moderator removed this listing after reviewing reports about it. If you think this is a mistake, you can appeal once.`,
    suspended: t`This listing is hidden because your account was suspended.`,
  }[status];
  return (
    <Notice role="status" data-testid="moderation-notice">
      <p>{text}</p>
      {status === 'removed' &&
        (appealed ? (
          <p>
            <strong>{t`Appeal sent. A moderator will look at it again.`}</strong>
          </p>
        ) : (
          <Button variant="outline" size="sm" onClick={() => setAppealing(true)}>
            {t`Appeal`}
          </Button>
        ))}
      <ReasonDialog
        open={appealing}
        onClose={() => setAppealing(false)}
        title={t`Appeal the removal`}
        description={t`Tell the moderators why this listing should come back. You can appeal once.`}
        label={t`Why should it come back?`}
        submitLabel={t`Send appeal`}
        schema={appealBody.shape.text}
        testId="appeal-dialog"
        onSubmit={async (reason) => {
          await appealRemoval(listing.id, reason);
          setAppealed(true);
          toast({ title: t`Appeal sent`, description: t`A moderator will look at it again.` });
        }}
      />
    </Notice>
  );
}

const Notice = styled(Callout)`
  margin-top: 10px;
`;
