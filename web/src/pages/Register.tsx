/**
 * Register (/register): first and last name, phone, optional email and password, checked as typed with
 * proto's registerBody; a failure shows the server's message and field errors; success loads the
 * current user and goes on to verify the phone.
 */
import { registerBody, type RegisterBody } from '@vnmarket/proto/src/auth';
import { Form } from 'react-final-form';
import { Link, useNavigate } from '../lib/router';
import { TextField } from '../components/FormFields';
import { Button } from '../components/ui';
import { ApiError, apiRequest } from '../lib/api';
import { revalidateAfterSignIn } from '../lib/cache-writes';
import { useToast } from '../lib/toast';
import { FOCUS_FIRST_ERROR, fieldValidator, submissionErrors } from '../lib/validation';
import { AuthLayout, Split } from './AuthLayout';

const validators = {
  firstName: fieldValidator(registerBody.shape.firstName),
  lastName: fieldValidator(registerBody.shape.lastName),
  phone: fieldValidator(registerBody.shape.phone),
  email: fieldValidator(registerBody.shape.email),
  password: fieldValidator(registerBody.shape.password),
};

type RegisterValues = Partial<Record<'firstName' | 'lastName' | 'phone' | 'email' | 'password', string>>;

export default function Register() {
  const navigate = useNavigate();
  const toast = useToast();

  const onSubmit = async (values: RegisterValues) => {
    try {
      const body: RegisterBody = {
        firstName: values.firstName ?? '',
        lastName: values.lastName ?? '',
        phone: values.phone ?? '',
        email: values.email?.trim() ? values.email.trim() : undefined,
        password: values.password ?? '',
      };
      await apiRequest('POST', '/api/register', body);
    } catch (error) {
      const message = error instanceof ApiError ? error.serverMessage : undefined;
      toast({ title: 'Registration failed', description: message ?? 'Failed to create account', variant: 'destructive' });
      return submissionErrors(error);
    }
    toast({ title: 'Success', description: 'Account created! Please verify your phone number.' });
    await revalidateAfterSignIn();
    void navigate('/verify-phone');
    return undefined;
  };

  return (
    <AuthLayout
      title="Create an account"
      subtitle="Sign up with your phone number and email"
      footer={
        <>
          Already have an account? <Link to="/login">Sign in</Link>
        </>
      }
    >
      <Form<RegisterValues> onSubmit={onSubmit} decorators={FOCUS_FIRST_ERROR}>
        {({ handleSubmit, submitting }) => (
          <form onSubmit={(event) => void handleSubmit(event)} noValidate>
            <Split>
              <TextField name="firstName" label="First name" autoComplete="given-name" validate={validators.firstName} />
              <TextField name="lastName" label="Last name" autoComplete="family-name" validate={validators.lastName} />
            </Split>
            <TextField name="phone" label="Phone number" type="tel" required autoComplete="tel" placeholder="(408) 555-0123" validate={validators.phone} />
            <TextField name="email" label="Email (optional)" type="email" autoComplete="email" placeholder="you@example.com" validate={validators.email} />
            <TextField
              name="password"
              label="Password"
              type="password"
              autoComplete="new-password"
              hint="At least 8 characters"
              validate={validators.password}
            />
            <Button type="submit" block size="lg" disabled={submitting}>
              {submitting ? 'Creating account...' : 'Create account'}
            </Button>
          </form>
        )}
      </Form>
    </AuthLayout>
  );
}
