// /existinguserlogin (spec §2): the registered email; sends a code, then goes to /otp.
import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import * as z from 'zod/mini';
import { sendLoginCode } from '../../api/account.ts';
import { emailField } from '../../app/forms.ts';
import { showToast } from '../../app/toast.tsx';
import { codeSentAt, loginEmail } from '../../app/visitor.ts';
import { EmailInput } from './EmailInput.tsx';

export default function ExistingUserLogin() {
  const { i18n } = useLingui();
  const [, navigate] = useLocation();
  const schema = useMemo(() => z.object({ email: emailField(i18n) }), [i18n]);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: loginEmail.get() ?? '' },
  });

  const submit = form.handleSubmit(async ({ email }) => {
    const result = await sendLoginCode(email);
    if (!result.ok) return showToast(result.error.message);
    loginEmail.set(email);
    codeSentAt.set(Date.now());
    navigate('/otp');
  });

  return (
    <section className="screen">
      <h1>
        <Trans>Log in</Trans>
      </h1>
      <form className="form card" onSubmit={submit} noValidate>
        <p className="form__hint">
          <Trans>Enter the email you subscribed with. We will send you a 4-digit code.</Trans>
        </p>
        <EmailInput form={form} onDraft={(email) => loginEmail.set(email)} />
        <button type="submit" className="button button--wide" disabled={form.formState.isSubmitting}>
          <Trans>Send my code</Trans>
        </button>
      </form>
      <nav className="links">
        <Link href="/forgotuser">
          <Trans>Forgot your username?</Trans>
        </Link>
        <Link href="/getmyanalysis">
          <Trans>New here? Get my analysis</Trans>
        </Link>
      </nav>
    </section>
  );
}
