/**
 * Login (/login): email or phone and a password, checked as typed with proto's loginBody; a failure shows
 * the server's message ("Invalid credentials" otherwise); success loads the current user and goes home.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { LoginBody } from '@vnmarket/proto/auth';
import { Link, useNavigate } from '../lib/router';
import { TextField } from '../components/FormFields';
import { loadAfterPaint } from '../lib/after-paint';
import { signIn } from '../lib/session';
import { useToast } from '../lib/toast';
import { AuthForm } from './AuthForm';
import { AuthLayout } from './AuthLayout';

/** The checks (zod) and the server's messages: after the screen's first paint. */
const checks = loadAfterPaint(() => import('./auth-checks'));

const validators = {
  identifier: checks.check(({ loginChecks }) => loginChecks.identifier),
  password: checks.check(({ loginChecks }) => loginChecks.password),
};

export default function Login() {
  const navigate = useNavigate();
  const toast = useToast();
  const { t } = useLingui();
  checks.useLoadAfterPaint();

  const onSubmit = async (values: Partial<LoginBody>) => {
    try {
      const body: LoginBody = { identifier: values.identifier ?? '', password: values.password ?? '' };
      await signIn(body);
    } catch (error) {
      const messages = await checks.load().catch(() => undefined);
      toast({ title: t`Login failed`, description: messages?.serverText(error) ?? t`Invalid credentials`, variant: 'destructive' });
      return;
    }
    toast({ title: t`Success`, description: t`Logged in successfully!` });
    void navigate('/');
  };

  return (
    <AuthLayout
      title={t`Welcome back`}
      subtitle={t`Sign in to your account`}
      footer={
        <Trans>
          Don&apos;t have an account? <Link to="/register">Sign up</Link>
        </Trans>
      }
    >
      <AuthForm<Partial<LoginBody>> onSubmit={onSubmit} submitLabel={t`Sign in`} busyLabel={t`Signing in...`}>
        <TextField
          name="identifier"
          label={t`Email or phone`}
          autoComplete="username"
          placeholder={t`you@example.com or (408) 555-0123`}
          validate={validators.identifier}
        />
        <TextField name="password" label={t`Password`} type="password" autoComplete="current-password" validate={validators.password} />
      </AuthForm>
    </AuthLayout>
  );
}
