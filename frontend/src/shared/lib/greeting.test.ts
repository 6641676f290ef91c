import { readyToTrainPrompt, welcomeToPulso } from './greeting';

describe('greetings that agree with the member', () => {
  it.each([
    ['female', '¡Bienvenida a Pulso, Carla!', '¿Lista para entrenar hoy?'],
    ['male', '¡Bienvenido a Pulso, Carla!', '¿Listo para entrenar hoy?'],
    ['other', '¡Te damos la bienvenida a Pulso, Carla!', '¿Con ganas de entrenar hoy?'],
    ['', '¡Te damos la bienvenida a Pulso, Carla!', '¿Con ganas de entrenar hoy?'],
    [null, '¡Te damos la bienvenida a Pulso, Carla!', '¿Con ganas de entrenar hoy?'],
    [undefined, '¡Te damos la bienvenida a Pulso, Carla!', '¿Con ganas de entrenar hoy?'],
  ] as const)('%s reads "%s" and "%s"', (gender, welcome, prompt) => {
    expect(welcomeToPulso('Carla', gender)).toBe(welcome);
    expect(readyToTrainPrompt(gender)).toBe(prompt);
  });
});
