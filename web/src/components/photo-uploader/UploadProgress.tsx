import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';

/** The upload's progress bar with its percentage ("Uploading..." then "Upload complete"). */
export function UploadProgress({ progress, done }: { progress: number; done: boolean }) {
  const { t } = useLingui();
  return (
    <ProgressBox>
      <ProgressLabel>
        <span>{done ? t`Upload complete` : t`Uploading...`}</span>
        <span>{progress}%</span>
      </ProgressLabel>
      <Track role="progressbar" aria-label={t`Upload progress`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
        <Bar style={{ width: `${progress}%` }} />
      </Track>
    </ProgressBox>
  );
}

const ProgressBox = styled.div`
  margin-top: 14px;
`;

const ProgressLabel = styled.div`
  display: flex;
  justify-content: space-between;
  margin-bottom: 6px;
  font-size: 0.85rem;
  font-weight: 600;
`;

const Track = styled.div`
  height: 10px;
  overflow: hidden;
  border-radius: 999px;
  background: var(--subtle);
`;

const Bar = styled.div`
  height: 100%;
  border-radius: 999px;
  background: var(--primary);
  transition: width 150ms ease-out;
`;
