/**
 * Login (/login): email or phone and a password, checked as typed with proto's loginBody; a failure shows
 * the server's message ("Invalid credentials" otherwise); success loads the current user and goes home.
 */
import { loginBody, type LoginBody } from '@vnmarket/proto/src/auth';
import { Form } from 'react-final-form';
import { Link, useNavigate } from '../lib/router';
import { TextField } from '../components/FormFields';
import { Button } from '../components/ui';
import { ApiError, apiRequest } from '../lib/api';
import { revalidateAfterSignIn } from '../lib/cache-writes';
import { useToast } from '../lib/toast';
import { FOCUS_FIRST_ERROR, fieldValidator } from '../lib/validation';
import { AuthLayout } from './AuthLayout';

const validators = {
  identifier: fieldValidator(loginBody.shape.identifier),
  password: fieldValidator(loginBody.shape.password),
};

export default function Login() {
  const navigate = useNavigate();
  const toast = useToast();

  const onSubmit = async (values: Partial<LoginBody>) => {
    try {
      const body: LoginBody = { identifier: values.identifier ?? '', password: values.password ?? '' };
      await apiRequest('POST', '/api/login', body);
    } catch (error) {
      const message = error instanceof ApiError ? error.serverMessage : undefined;
      toast({ title: 'Login failed', description: message ?? 'Invalid credentials', variant: 'destructive' });
      return;
    }
    toast({ title: 'Success', description: 'Logged in successfully!' });
    await revalidateAfterSignIn();
    void navigate('/');
  };

  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to your account"
      footer={
        <>
          Don&apos;t have an account? <Link to="/register">Sign up</Link>
        </>
      }
    >
      <Form<Partial<LoginBody>> onSubmit={onSubmit} decorators={FOCUS_FIRST_ERROR}>
        {({ handleSubmit, submitting }) => (
          <form onSubmit={(event) => void handleSubmit(event)} noValidate>
            <TextField
              name="identifier"
              label="Email or phone"
              autoComplete="username"
              placeholder="you@example.com or (408) 555-0123"
              validate={validators.identifier}
            />
            <TextField name="password" label="Password" type="password" autoComplete="current-password" validate={validators.password} />
            <Button type="submit" block size="lg" disabled={submitting}>
              {submitting ? 'Signing in...' : 'Sign in'}
            </Button>
          </form>
        )}
      </Form>
    </AuthLayout>
  );
}
