import { PagePlaceholder } from '../../shared/ui/page-placeholder';

export default function Route() {
  return <PagePlaceholder title="Tu prueba gratuita de 7 días" />;
}
