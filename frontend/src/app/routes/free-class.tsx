import { PagePlaceholder } from '../../shared/ui/page-placeholder';

export default function Route() {
  return <PagePlaceholder title="Regístrate para tu clase gratis" />;
}
