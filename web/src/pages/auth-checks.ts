/**
 * The sign-in and sign-up forms' checks (proto's schemas, so the browser says what the server would) and the
 * server's messages in the reader's language: loaded after those screens' first paint (lib/after-paint.ts),
 * never before it.
 */
import { loginBody, registerBody } from '@vnmarket/proto/auth';
import { fieldValidator } from '../lib/validation';

export { serverText } from '../lib/server-messages';
export { submissionErrors } from '../lib/validation';

export const loginChecks = {
  identifier: fieldValidator(loginBody.shape.identifier),
  password: fieldValidator(loginBody.shape.password),
};

export const registerChecks = {
  firstName: fieldValidator(registerBody.shape.firstName),
  lastName: fieldValidator(registerBody.shape.lastName),
  phone: fieldValidator(registerBody.shape.phone),
  email: fieldValidator(registerBody.shape.email),
  password: fieldValidator(registerBody.shape.password),
};
