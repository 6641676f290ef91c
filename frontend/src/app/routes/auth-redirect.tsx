import { PagePlaceholder } from '../../shared/ui/page-placeholder';

export default function Route() {
  return <PagePlaceholder title="Loading..." />;
}
