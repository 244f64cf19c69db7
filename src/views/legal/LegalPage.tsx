// /termsofservice and /privacypolicy (spec §2 Static text): CMS pages in the active language,
// painted from the cache and refreshed behind.
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { type CmsPageName, fetchCmsPage } from '../../api/cms.ts';
import { screenTitles } from '../../app/screen-titles.ts';
import type { ScreenProps } from '../../app/screens.ts';
import { useCmsPage, writeCmsPage } from '../../db/cms.ts';

const pageOf: Partial<Record<ScreenProps['screen'], CmsPageName>> = {
  termsOfService: 'TERMS_OF_SERVICE',
  privacyPolicy: 'PRIVACY_POLICY',
};

export default function LegalPage({ screen }: ScreenProps) {
  const { i18n } = useLingui();
  const name = pageOf[screen] ?? 'TERMS_OF_SERVICE';
  const locale = i18n.locale;
  const cached = useCmsPage(name, locale);
  const [failed, setFailed] = useState<string>();

  useEffect(() => {
    let live = true;
    void fetchCmsPage(name).then(async (result) => {
      if (!live) return;
      if (result.ok) await writeCmsPage({ name, locale, ...result.data.value });
      else setFailed(result.error.message);
    });
    return () => {
      live = false;
    };
  }, [name, locale]);

  return (
    <article className="screen legal">
      <h1>{cached?.title ?? i18n._(screenTitles[screen])}</h1>
      {cached ? (
        <>
          <p className="legal__updated">
            <Trans>Last updated {cached.updated}</Trans>
          </p>
          {cached.sections.map((section) => (
            <section key={section.heading}>
              <h2>{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          ))}
        </>
      ) : failed ? (
        <p className="notice notice--error" role="alert">
          {failed}
        </p>
      ) : (
        <p aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      )}
    </article>
  );
}
