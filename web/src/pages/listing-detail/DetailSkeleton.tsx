import { Skeleton } from '../../components/ui';
import { Columns, Page } from './styles';

/** While the listing (or auth) loads: the gallery and summary as shapes. */
export function DetailSkeleton() {
  return (
    <Page aria-busy="true">
      <Columns>
        <Skeleton $height="420px" $radius="12px" />
        <div style={{ display: 'flex', flexDirection: 'column', gap: 14 }}>
          <Skeleton $height="20px" $width="30%" />
          <Skeleton $height="34px" $width="80%" />
          <Skeleton $height="28px" $width="40%" />
          <Skeleton $height="120px" />
        </div>
      </Columns>
    </Page>
  );
}
