// The analysis progress and its notices (spec §4, §8).
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { noticeAt, type Progress } from '../../analysis/progress.ts';

export function ProgressPanel({
  progress,
  estimate,
  onAbort,
}: {
  progress: Progress | undefined;
  estimate: number;
  onAbort: () => void;
}) {
  const percent = progress?.percent ?? 0;
  const notice = noticeAt(progress?.tick ?? 0, estimate);
  const labelId = useId();
  return (
    <div className="analysis-progress">
      <div
        className="progress"
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="progress__bar" style={{ width: `${percent}%` }} />
      </div>
      <p className="analysis-progress__percent" id={labelId}>
        <Trans>Analysing… {percent}%</Trans>
      </p>
      {notice.kind === 'doNotRefresh' && (
        <p className="notice" role="status">
          <Trans>Data is loading, please do NOT refresh the page</Trans>
        </p>
      )}
      {notice.kind === 'finishesIn' && (
        <p className="notice" role="status">
          <Trans>
            It will finish in {notice.from} to {notice.to} minutes.
          </Trans>
        </p>
      )}
      <button type="button" className="button button--ghost button--small" onClick={onAbort}>
        <Trans>Stop</Trans>
      </button>
    </div>
  );
}
