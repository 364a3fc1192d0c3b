/**
 * Verify phone (/verify-phone), members only. Steps "code" then "complete"; entering the
 * code step with an unverified phone sends a code; 6 digits only; success refreshes the user and goes
 * home after 1.5 s; "Skip for now" goes home; an already verified user is sent home.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { VERIFICATION_CODE_LENGTH } from '@vnmarket/proto/verification';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '../lib/router';
import styled from 'styled-components';
import { CheckIcon, PhoneIcon, ShieldIcon } from '../components/Icons';
import { Cluster } from '../components/layout';
import { Button, Card, Container, IconCircle, Input, Label, PlainList, Skeleton } from '../components/ui';
import { media } from '../lib/breakpoints';
import { formatPhone } from '../lib/format';
import { useRequireAuth } from '../lib/hooks';
import { sendVerificationCode, verifyPhone } from '../lib/members';
import { serverText } from '../lib/server-messages';
import { POST_VERIFY_REDIRECT_MS } from '../lib/timing';
import { useToast } from '../lib/toast';

/** What verifying gives, beside the code form. */
const REASONS = [
  msg`Only legitimate accounts buy and sell here`,
  msg`Protection from spam and fraud`,
  msg`Secure communication between buyers and sellers`,
  msg`A Verified badge that builds trust with the community`,
];

export default function VerifyPhone() {
  const { user, isLoading, isAuthenticated } = useRequireAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const { t, i18n } = useLingui();
  const [step, setStep] = useState<'code' | 'complete'>('code');
  const [code, setCode] = useState('');
  const [verifying, setVerifying] = useState(false);
  const [sending, setSending] = useState(false);
  const sentOnce = useRef(false);

  const sendCode = async () => {
    setSending(true);
    try {
      await sendVerificationCode();
      toast({ title: t`Code sent`, description: t`Check your phone for the verification code` });
    } catch (error) {
      toast({ title: t`Error`, description: serverText(error) ?? t`Failed to send verification code`, variant: 'destructive' });
    } finally {
      setSending(false);
    }
  };

  useEffect(() => {
    if (!user) return;
    if (user.phoneVerified && step === 'code') {
      void navigate('/', { replace: true });
      return;
    }
    if (!user.phoneVerified && user.phone && !sentOnce.current) {
      sentOnce.current = true;
      void sendCode();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user]);

  const verify = async (event?: FormEvent) => {
    event?.preventDefault();
    if (code.length === 0) {
      toast({ title: t`Code required`, description: t`Please enter the verification code`, variant: 'destructive' });
      return;
    }
    if (code.length !== VERIFICATION_CODE_LENGTH || verifying) return;
    setVerifying(true);
    try {
      await verifyPhone({ code });
    } catch (error) {
      toast({ title: t`Verification failed`, description: serverText(error) ?? t`Invalid verification code`, variant: 'destructive' });
      setVerifying(false);
      return;
    }
    toast({ title: t`Phone verified`, description: t`Your phone number has been verified successfully` });
    setStep('complete');
    setVerifying(false);
    window.setTimeout(() => void navigate('/'), POST_VERIFY_REDIRECT_MS);
  };

  /** "We sent a 6-digit code to (408) 555-0123." */
  const sentTo = (phone: string | null | undefined) => {
    const digits = VERIFICATION_CODE_LENGTH;
    if (!phone) return t`We sent a ${digits}-digit code to your phone.`;
    const number = formatPhone(phone);
    return t`We sent a ${digits}-digit code to ${number}.`;
  };

  return (
    <Page>
      <Intro>
        <IconCircle aria-hidden="true" $size={64} $round style={{ marginBottom: 14 }}>
          <ShieldIcon size={30} />
        </IconCircle>
        <h1>{t`Verify Your Account`}</h1>
        <p>{t`Verification helps keep Chợ Việt safe for everyone in the community.`}</p>
      </Intro>
      <Columns>
        <CodeCard>
          {isLoading || !isAuthenticated ? (
            <Skeleton $height="180px" />
          ) : step === 'complete' ? (
            <Done role="status">
              <CheckIcon size={36} />
              <h2>{t`Phone verified`}</h2>
              <p>{t`Taking you to the marketplace...`}</p>
            </Done>
          ) : (
            <form onSubmit={(event) => void verify(event)} noValidate>
              <h2>
                <PhoneIcon size={18} /> {t`Enter verification code`}
              </h2>
              <p className="muted">{sentTo(user?.phone)}</p>
              <Label htmlFor="verification-code">{t`Verification code`}</Label>
              <CodeInput
                id="verification-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                placeholder="000000"
                maxLength={VERIFICATION_CODE_LENGTH}
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, VERIFICATION_CODE_LENGTH))}
                onKeyDown={(event) => {
                  // The Verify button is disabled below 6 digits, which would swallow Enter: handle it here.
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    void verify();
                  }
                }}
              />
              <Button type="submit" block size="lg" disabled={code.length !== VERIFICATION_CODE_LENGTH || verifying}>
                {verifying ? t`Verifying...` : t`Verify`}
              </Button>
              <Row $gap={10}>
                <Button variant="ghost" size="sm" onClick={() => void sendCode()} disabled={sending}>
                  {sending ? t`Sending...` : t`Resend code`}
                </Button>
                <Button variant="outline" size="sm" onClick={() => void navigate('/')}>
                  {t`Skip for now`}
                </Button>
              </Row>
            </form>
          )}
        </CodeCard>
        <WhyCard as="section" aria-labelledby="why-verify">
          <h2 id="why-verify">{t`Why verify?`}</h2>
          <PlainList $gap={10}>
            {REASONS.map((reason) => (
              <Reason key={reason.id}>
                <CheckIcon size={16} /> {i18n._(reason)}
              </Reason>
            ))}
          </PlainList>
        </WhyCard>
      </Columns>
    </Page>
  );
}

const Page = styled(Container)`
  max-width: 900px;
  padding-top: 36px;
  padding-bottom: 56px;
  .muted {
    margin: 4px 0 18px;
    color: var(--muted);
    font-size: 0.92rem;
  }
`;

const Intro = styled.div`
  text-align: center;
  margin-bottom: 28px;
  h1 {
    font-size: 1.8rem;
    font-weight: 800;
  }
  p {
    margin-top: 6px;
    color: var(--muted);
  }
`;

/* minmax(0, …): the code field's own width (large digits, wide spacing) never widens the page past a 320 px phone. */
const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 20px;
  ${media.tablet} {
    grid-template-columns: minmax(0, 1.2fr) minmax(0, 1fr);
  }
`;

const CodeCard = styled(Card)`
  padding: 24px;
  h2 {
    display: flex;
    align-items: center;
    gap: 8px;
    font-size: 1.15rem;
  }
`;

const Done = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 8px;
  padding: 24px 0;
  text-align: center;
  color: var(--success);
  h2 {
    color: var(--text);
  }
  p {
    color: var(--muted);
  }
`;

const CodeInput = styled(Input)`
  margin-bottom: 16px;
  font-size: 1.6rem;
  letter-spacing: 0.5em;
  text-align: center;
  font-variant-numeric: tabular-nums;
`;

const Row = styled(Cluster)`
  justify-content: space-between;
  margin-top: 14px;
`;

const WhyCard = styled(Card)`
  padding: 24px;
  background: var(--accent-soft);
  border-color: #f5d6b8;
  h2 {
    font-size: 1.1rem;
    margin-bottom: 12px;
  }
`;

const Reason = styled.li`
  display: flex;
  gap: 10px;
  align-items: flex-start;
  svg {
    flex: none;
    margin-top: 4px;
    color: var(--success);
  }
`;
