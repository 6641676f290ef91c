import { TrainingMethodsPage } from '../../features/marketing/training-methods-page';

export default TrainingMethodsPage;
