// /contactus (spec §2): name and email from the login, disabled; a required message of 7 rows;
// a success dialog, then home.
import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import * as z from 'zod/mini';
import { Dialog } from '../../app/Dialog.tsx';
import { clearDraft, readDraft, saveDraft } from '../../app/drafts.ts';
import { messageField } from '../../app/forms.ts';
import { LabelledField } from '../../app/LabelledField.tsx';
import { SUPPORT_PATH, sendOrQueue } from '../../app/outbox.ts';
import { useSession } from '../../app/session.ts';
import { showToast } from '../../app/toast.tsx';

export default function ContactUs() {
  const { i18n } = useLingui();
  const { login } = useSession();
  const [, navigate] = useLocation();
  const [thanks, setThanks] = useState<string>();
  const schema = useMemo(() => z.object({ message: messageField(i18n) }), [i18n]);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    // A draft typed before a reload (or before going offline) is still here.
    defaultValues: { message: readDraft('support') },
  });
  const error = form.formState.errors.message?.message;

  useEffect(() => {
    const subscription = form.watch((values) => saveDraft('support', values.message ?? ''));
    return () => subscription.unsubscribe();
  }, [form]);

  const submit = form.handleSubmit(async ({ message }) => {
    const outcome = await sendOrQueue({ method: 'POST', path: SUPPORT_PATH, body: { query: message } });
    if (outcome.kind === 'refused') return showToast(outcome.error.message);
    clearDraft('support');
    form.reset({ message: '' });
    setThanks(
      outcome.kind === 'sent'
        ? outcome.message
        : i18n._(msg`You are offline. Your message is saved and will be sent as soon as you are back online.`),
    );
  });

  return (
    <section className="screen">
      <h1>
        <Trans>Contact us</Trans>
      </h1>
      <form className="form card" onSubmit={submit} noValidate>
        <label className="field">
          <span className="field__label">
            <Trans>Name</Trans>
          </span>
          <input className="field__input" value={login?.insta_full_name || login?.username || ''} disabled readOnly />
        </label>
        <label className="field">
          <span className="field__label">
            <Trans>Email</Trans>
          </span>
          <input className="field__input" type="email" value={login?.email ?? ''} disabled readOnly />
        </label>
        <LabelledField label={<Trans>Message</Trans>} error={error}>
          <textarea className="field__input" rows={7} {...form.register('message')} />
        </LabelledField>
        <button type="submit" className="button button--wide" disabled={form.formState.isSubmitting}>
          <Trans>Send</Trans>
        </button>
      </form>
      {thanks && (
        <Dialog
          title={<Trans>Message sent</Trans>}
          onDismiss={() => navigate('/home')}
          actions={
            <button type="button" className="button" onClick={() => navigate('/home')}>
              <Trans>OK</Trans>
            </button>
          }
        >
          <p>{thanks}</p>
        </Dialog>
      )}
    </section>
  );
}
