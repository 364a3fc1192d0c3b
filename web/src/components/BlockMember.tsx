/**
 * Blocking a member, from a conversation or their profile: "Block" asks first (what it does, that they
 * are not told, and where to undo it), then blocks; "Unblock" (on the profile of someone blocked, and in
 * Settings) undoes it at once. Either refreshes the blocked list, the inbox and the unread badge.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useFailureToast } from '../lib/hooks';
import { setBlocked } from '../lib/members';
import { serverText } from '../lib/server-messages';
import { useToast } from '../lib/toast';
import { Dialog, DialogActions } from './Dialog';
import { Button } from './ui';

type ButtonLook = { variant?: 'outline' | 'ghost'; size?: 'sm' | 'md' };

/** Blocks or unblocks; answers whether it was done (a failure has shown its toast). */
function useBlockChange() {
  const toast = useToast();
  const failed = useFailureToast();
  const { t } = useLingui();
  return async (memberId: string, name: string, blocked: boolean): Promise<boolean> => {
    try {
      await setBlocked(memberId, blocked);
    } catch (error) {
      failed(error, { title: t`Error`, description: serverText(error) ?? (blocked ? t`Failed to block this member` : t`Failed to unblock this member`) });
      return false;
    }
    toast(blocked ? { title: t`${name} is blocked`, description: t`You can unblock them in Settings.` } : { title: t`${name} is unblocked` });
    return true;
  };
}

/** "Block", with its confirmation; `onBlocked` runs once the block is made (e.g. to close the conversation). */
export function BlockMemberButton({
  memberId,
  name,
  onBlocked,
  variant = 'outline',
  size = 'md',
}: { memberId: string; name: string; onBlocked?: () => void } & ButtonLook) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const change = useBlockChange();
  const { t } = useLingui();
  const block = async () => {
    setBusy(true);
    const done = await change(memberId, name, true);
    setBusy(false);
    if (!done) return;
    setConfirming(false);
    onBlocked?.();
  };
  return (
    <>
      <Button variant={variant} size={size} aria-label={t`Block ${name}`} onClick={() => setConfirming(true)} data-testid="block-member">
        {t`Block`}
      </Button>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t`Block ${name}?`}
        description={t`They will no longer be able to message you, and your conversation leaves your inbox. They are not told. You can unblock them in Settings.`}
        testId="block-dialog"
      >
        <DialogActions>
          <Button variant="outline" onClick={() => setConfirming(false)}>
            {t`Cancel`}
          </Button>
          <Button variant="danger" disabled={busy} onClick={() => void block()} data-testid="confirm-block">
            {t`Block`}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** "Unblock", at once (nothing is lost by it). */
export function UnblockMemberButton({ memberId, name, variant = 'outline', size = 'md' }: { memberId: string; name: string } & ButtonLook) {
  const [busy, setBusy] = useState(false);
  const change = useBlockChange();
  const { t } = useLingui();
  const unblock = async () => {
    setBusy(true);
    await change(memberId, name, false);
    setBusy(false);
  };
  return (
    <Button variant={variant} size={size} aria-label={t`Unblock ${name}`} disabled={busy} onClick={() => void unblock()} data-testid="unblock-member">
      {t`Unblock`}
    </Button>
  );
}
