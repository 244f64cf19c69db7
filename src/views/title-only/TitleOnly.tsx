// A screen that later work fills in: until then it shows its title, so routes and guards are real.
import { useLingui } from '@lingui/react';
import { screenTitles } from '../../app/screen-titles.ts';
import type { ScreenProps } from '../../app/screens.ts';

export default function TitleOnly({ screen }: ScreenProps) {
  const { i18n } = useLingui();
  return (
    <section className="screen" data-screen={screen}>
      <h1>{i18n._(screenTitles[screen])}</h1>
    </section>
  );
}
