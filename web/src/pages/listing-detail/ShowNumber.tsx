import { useLingui } from '@lingui/react/macro';
import { WEB_ROUTES } from '@vnmarket/proto/web-routes';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { PhoneIcon } from '../../components/Icons';
import { Button, ButtonAnchor } from '../../components/ui';
import { ApiError } from '../../lib/api';
import { formatPhone } from '../../lib/format';
import { useAuth, useFailureToast } from '../../lib/hooks';
import { revealPhone } from '../../lib/listings';
import { Link } from '../../lib/router';
import { serverText } from '../../lib/server-messages';
import { Callout } from '../../components/Callout';

/**
 * A phone-contact seller's number, asked for only when the member presses "Show number" (the listing never
 * carries it, so browsing collects no numbers): the button then becomes the tel link. A member who has not
 * verified their own phone is sent to verify it instead.
 */
export function ShowNumber({ listingId }: { listingId: string }) {
  const { t } = useLingui();
  const { user } = useAuth();
  const failed = useFailureToast();
  const [number, setNumber] = useState<string>();
  const [asking, setAsking] = useState(false);
  const [mustVerify, setMustVerify] = useState(false);
  const shownNumber = useRef<HTMLDivElement>(null);

  // The pressed button is gone: focus moves to the link that replaced it, not to the page's start.
  useEffect(() => {
    if (number) shownNumber.current?.querySelector('a')?.focus();
  }, [number]);

  const reveal = async () => {
    if (asking) return;
    setAsking(true);
    try {
      setNumber(await revealPhone(listingId));
    } catch (error) {
      if (error instanceof ApiError && error.error?.code === 'phone_verification_required') setMustVerify(true);
      else failed(error, { title: t`Error`, description: serverText(error) ?? t`Failed to show the phone number` });
    } finally {
      setAsking(false);
    }
  };

  if (number) {
    const phone = formatPhone(number);
    return (
      <div ref={shownNumber}>
        <ButtonAnchor href={`tel:${number}`} block data-testid="call-seller">
          <PhoneIcon size={18} /> {t`Call ${phone}`}
        </ButtonAnchor>
      </div>
    );
  }
  if (mustVerify || user?.phoneVerified === false) {
    return (
      <VerifyNotice role="status" data-testid="verify-to-show-number">
        <p>{t`Verify your phone number to see the seller's number.`}</p>
        <Link to={WEB_ROUTES.verifyPhone}>{t`Verify your phone`}</Link>
      </VerifyNotice>
    );
  }
  return (
    // aria-disabled, not disabled, while asking: a disabled button drops keyboard focus to <body>.
    <Button block onClick={() => void reveal()} aria-disabled={asking || undefined} data-testid="show-number">
      <PhoneIcon size={18} /> {t`Show number`}
    </Button>
  );
}

const VerifyNotice = styled(Callout)`
  gap: 6px;
  a {
    min-height: 44px;
    display: inline-flex;
    align-items: center;
    font-weight: 600;
  }
`;
