import { getMetadataStorage, type MetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

const REMEMBERING = Symbol('pulso.rememberingValidationRules');

type Lookup = MetadataStorage['getTargetValidationMetadatas'];
type Grouping = MetadataStorage['groupByPropertyName'];

/**
 * Keeps class-validator's answer to "which rules apply to this class" until a rule is added
 * (ADR 0270). class-validator works it out again for every object it validates, walking every
 * class that has rules (an `instanceof` per class, for inherited rules): a hundred DTO classes
 * here, for every body, query and nested object of every request. The answer depends only on
 * the class and the options, and rules are added only as classes load, so it is kept per class
 * and options, and forgotten whenever a rule, a constraint or a schema is added. The rules
 * grouped by property, which the validator asks for next, are kept with it.
 */
export function rememberValidationRules(storage: MetadataStorage = getMetadataStorage()): void {
  const marked = storage as MetadataStorage & { [REMEMBERING]?: true };
  if (marked[REMEMBERING]) return;
  marked[REMEMBERING] = true;

  let rules = new WeakMap<object, Map<string, ValidationMetadata[]>>();
  let groupings = new WeakMap<ValidationMetadata[], ReturnType<Grouping>>();
  const forget = () => {
    rules = new WeakMap();
    groupings = new WeakMap();
  };
  const lookup: Lookup = storage.getTargetValidationMetadatas.bind(storage);
  const group: Grouping = storage.groupByPropertyName.bind(storage);

  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0001') ?? ''}`;
    let byOptions = rules.get(target);
    if (!byOptions) rules.set(target, (byOptions = new Map()));
    let found = byOptions.get(key);
    if (!found) byOptions.set(key, (found = lookup(target, schema, always, strictGroups, groups)));
    return found;
  };
  storage.groupByPropertyName = (metadata) => {
    let grouped = groupings.get(metadata);
    if (!grouped) groupings.set(metadata, (grouped = group(metadata)));
    return grouped;
  };
  for (const method of ['addValidationMetadata', 'addConstraintMetadata', 'addValidationSchema'] as const) {
    const add = (storage[method] as (this: MetadataStorage, argument: never) => void).bind(storage);
    (storage as unknown as Record<string, (argument: never) => void>)[method] = (argument) => {
      forget();
      add(argument);
    };
  }
}
