/**
 * Register (/register): first and last name, phone, optional email and password, checked as typed with
 * proto's registerBody; a failure shows the server's message and field errors; success loads the
 * current user and goes on to verify the phone.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { RegisterBody } from '@vnmarket/proto/auth';
import { Link, useNavigate } from '../lib/router';
import { TextField } from '../components/FormFields';
import { loadAfterPaint } from '../lib/after-paint';
import { activeLanguage } from '../lib/i18n';
import { register } from '../lib/session';
import { useToast } from '../lib/toast';
import { AuthForm } from './AuthForm';
import { AuthLayout, Split } from './AuthLayout';

/** The checks (zod) and the server's messages: after the screen's first paint. */
const checks = loadAfterPaint(() => import('./auth-checks'));

const validators = {
  firstName: checks.check(({ registerChecks }) => registerChecks.firstName),
  lastName: checks.check(({ registerChecks }) => registerChecks.lastName),
  phone: checks.check(({ registerChecks }) => registerChecks.phone),
  email: checks.check(({ registerChecks }) => registerChecks.email),
  password: checks.check(({ registerChecks }) => registerChecks.password),
};

type RegisterValues = Partial<Record<'firstName' | 'lastName' | 'phone' | 'email' | 'password', string>>;

export default function Register() {
  const navigate = useNavigate();
  const toast = useToast();
  const { t } = useLingui();
  checks.useLoadAfterPaint();

  const onSubmit = async (values: RegisterValues) => {
    try {
      const body: RegisterBody = {
        firstName: values.firstName ?? '',
        lastName: values.lastName ?? '',
        phone: values.phone ?? '',
        email: values.email?.trim() ? values.email.trim() : undefined,
        password: values.password ?? '',
        // The language the page is in: the account starts in it (its texts, such as the verification SMS).
        preferredLanguage: activeLanguage(),
      };
      await register(body);
    } catch (error) {
      const messages = await checks.load().catch(() => undefined);
      toast({ title: t`Registration failed`, description: messages?.serverText(error) ?? t`Failed to create account`, variant: 'destructive' });
      return messages?.submissionErrors(error);
    }
    toast({ title: t`Success`, description: t`Account created! Please verify your phone number.` });
    void navigate('/verify-phone');
    return undefined;
  };

  return (
    <AuthLayout
      title={t`Create an account`}
      subtitle={t`Sign up with your phone number and email`}
      footer={
        <Trans>
          Already have an account? <Link to="/login">Sign in</Link>
        </Trans>
      }
    >
      <AuthForm<RegisterValues> onSubmit={onSubmit} submitLabel={t`Create account`} busyLabel={t`Creating account...`}>
        <Split>
          <TextField name="firstName" label={t`First name`} autoComplete="given-name" validate={validators.firstName} />
          <TextField name="lastName" label={t`Last name`} autoComplete="family-name" validate={validators.lastName} />
        </Split>
        <TextField name="phone" label={t`Phone number`} type="tel" required autoComplete="tel" placeholder="(408) 555-0123" validate={validators.phone} />
        <TextField name="email" label={t`Email (optional)`} type="email" autoComplete="email" placeholder="you@example.com" validate={validators.email} />
        <TextField
          name="password"
          label={t`Password`}
          type="password"
          autoComplete="new-password"
          hint={t`At least 8 characters`}
          validate={validators.password}
        />
      </AuthForm>
    </AuthLayout>
  );
}
