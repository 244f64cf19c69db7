// /getmyanalysis (spec §2): the account username; submit goes to searching.
import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import * as z from 'zod/mini';
import { usernameFromInput } from '../../../common/schema/account.ts';
import { usernameField } from '../../app/forms.ts';
import { LabelledField } from '../../app/LabelledField.tsx';
import { visitorUsername } from '../../app/visitor.ts';

export default function GetMyAnalysis() {
  const { i18n } = useLingui();
  const [, navigate] = useLocation();
  const schema = useMemo(() => z.object({ username: usernameField(i18n) }), [i18n]);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { username: visitorUsername.get() ?? '' },
  });
  const error = form.formState.errors.username?.message;
  // What the input changed is said, not done silently (issue 51: "maria silva" became "mariasilva").
  const typed = form.watch('username').trim();
  const used = usernameFromInput(typed);
  const changed = used !== '' && used !== typed.replace(/^@/, '');

  const submit = form.handleSubmit(({ username }) => {
    visitorUsername.set(username);
    navigate('/searching');
  });

  return (
    <section className="screen">
      <h1>
        <Trans>Get my analysis</Trans>
      </h1>
      <form className="form card" onSubmit={submit} noValidate>
        <LabelledField
          label={<Trans>Your account username</Trans>}
          error={error}
          hint={changed ? <Trans>Will be used as @{used}</Trans> : undefined}
        >
          <input
            className="field__input"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="@username"
            {...form.register('username', { onChange: (event) => visitorUsername.set(event.target.value) })}
          />
        </LabelledField>
        <button type="submit" className="button button--wide">
          <Trans>Analyze my account</Trans>
        </button>
      </form>
      <nav className="links">
        <Link href="/existinguserlogin">
          <Trans>Already a member? Log in</Trans>
        </Link>
        <Link href="/forgotuser">
          <Trans>Forgot your username?</Trans>
        </Link>
        <Link href="/paymentplan">
          <Trans>Skip step</Trans>
        </Link>
      </nav>
    </section>
  );
}
