/**
 * Register (/register): first and last name, phone, optional email and password, checked as typed with
 * proto's registerBody; a failure shows the server's message and field errors; success loads the
 * current user and goes on to verify the phone.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { registerBody, type RegisterBody } from '@vnmarket/proto/src/auth';
import { Form } from 'react-final-form';
import { Link, useNavigate } from '../lib/router';
import { TextField } from '../components/FormFields';
import { Button } from '../components/ui';
import { apiRequest } from '../lib/api';
import { revalidateAfterSignIn } from '../lib/cache-writes';
import { activeLanguage } from '../lib/i18n';
import { serverText } from '../lib/server-messages';
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
  const { t } = useLingui();

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
      await apiRequest('POST', '/api/register', body);
    } catch (error) {
      toast({ title: t`Registration failed`, description: serverText(error) ?? t`Failed to create account`, variant: 'destructive' });
      return submissionErrors(error);
    }
    toast({ title: t`Success`, description: t`Account created! Please verify your phone number.` });
    await revalidateAfterSignIn();
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
      <Form<RegisterValues> onSubmit={onSubmit} decorators={FOCUS_FIRST_ERROR}>
        {({ handleSubmit, submitting }) => (
          <form onSubmit={(event) => void handleSubmit(event)} noValidate>
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
            <Button type="submit" block size="lg" disabled={submitting}>
              {submitting ? t`Creating account...` : t`Create account`}
            </Button>
          </form>
        )}
      </Form>
    </AuthLayout>
  );
}
