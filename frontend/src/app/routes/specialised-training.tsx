import { SpecialisedTrainingPage } from '../../features/marketing/specialised-training-page';

export default SpecialisedTrainingPage;
