// /forgotuser (spec §2): mails the username; a success modal, then back to /getmyanalysis.
import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import * as z from 'zod/mini';
import { recoverUsername } from '../../api/account.ts';
import { Dialog } from '../../app/Dialog.tsx';
import { emailField } from '../../app/forms.ts';
import { showToast } from '../../app/toast.tsx';
import { EmailInput } from '../login/EmailInput.tsx';

export default function ForgotUser() {
  const { i18n } = useLingui();
  const [, navigate] = useLocation();
  const [sent, setSent] = useState<string>();
  const schema = useMemo(() => z.object({ email: emailField(i18n) }), [i18n]);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: '' },
  });

  const submit = form.handleSubmit(async ({ email }) => {
    const result = await recoverUsername(email);
    if (result.ok) setSent(result.data);
    else showToast(result.error.message);
  });

  return (
    <section className="screen">
      <h1>
        <Trans>Forgot your username?</Trans>
      </h1>
      <form className="form card" onSubmit={submit} noValidate>
        <p className="form__hint">
          <Trans>Enter the email you subscribed with and we will send you your username.</Trans>
        </p>
        <EmailInput form={form} />
        <button type="submit" className="button button--wide" disabled={form.formState.isSubmitting}>
          <Trans>Send my username</Trans>
        </button>
      </form>
      {sent && (
        <Dialog
          title={<Trans>Check your email</Trans>}
          onDismiss={() => navigate('/getmyanalysis')}
          actions={
            <button type="button" className="button" onClick={() => navigate('/getmyanalysis')}>
              <Trans>OK</Trans>
            </button>
          }
        >
          <p>{sent}</p>
        </Dialog>
      )}
    </section>
  );
}
