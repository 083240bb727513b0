// Which stack a run starts (infra/stack/stack-choice.ts): the native one unless BAZAR_STACK=containers,
// and never the native one when containers were asked for but no Docker engine answers.
import { NO_DOCKER, chooseStack, stackKindOf } from '../stack/stack-choice.ts';
import { StackError } from '../stack/stack-error.ts';

/** A Docker probe that answers `answer` and counts how often it was asked. */
function docker(answer: boolean) {
  const probe = { asked: 0, answers: async () => (probe.asked++, answer) };
  return probe;
}

test.each([undefined, '', ' ', 'native'])('BAZAR_STACK=%p runs the native stack without asking Docker', async (value) => {
  const probe = docker(false);
  await expect(chooseStack({ BAZAR_STACK: value }, probe.answers)).resolves.toBe('native');
  expect(probe.asked).toBe(0);
});

test('BAZAR_STACK=containers runs the containers when a Docker engine answers', async () => {
  const probe = docker(true);
  await expect(chooseStack({ BAZAR_STACK: 'containers' }, probe.answers)).resolves.toBe('containers');
  expect(probe.asked).toBe(1);
});

test('BAZAR_STACK=containers without a Docker engine stops with how to get Docker or to unset it', async () => {
  const choice = chooseStack({ BAZAR_STACK: 'containers' }, docker(false).answers);
  await expect(choice).rejects.toThrow(StackError);
  await expect(choice).rejects.toThrow(NO_DOCKER);
  expect(NO_DOCKER).toMatch(/Install and start Docker/);
  expect(NO_DOCKER).toMatch(/unset BAZAR_STACK/);
});

test('a value that names no stack is refused, not taken for the native stack', async () => {
  const probe = docker(true);
  await expect(chooseStack({ BAZAR_STACK: 'docker' }, probe.answers)).rejects.toThrow(/BAZAR_STACK=docker names no stack/);
  expect(stackKindOf('Containers')).toBeUndefined();
  expect(probe.asked).toBe(0);
});
