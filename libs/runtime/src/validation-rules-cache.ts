import { getMetadataStorage } from 'class-validator';

/** What of class-validator's metadata storage this cache wraps (the methods are public, the types internal). */
interface RuleStorage {
  getTargetValidationMetadatas(target: unknown, schema: string | undefined, always: boolean, strictGroups: boolean, groups?: string[]): object[];
  groupByPropertyName(rules: object[]): Record<string, object[]>;
  addValidationMetadata(rule: object): void;
  addConstraintMetadata(constraint: object): void;
}

const installed = Symbol.for('lp.validation-rules-cache');

/**
 * class-validator looks a class's rules up again on every validation, nested objects included:
 * it tests the class against every class it holds rules for (`instanceof`, to collect inherited
 * rules) and groups the rules by property. With the few hundred contract classes of a service,
 * that lookup was about a quarter of validating a tile request, in the gateway and again in
 * layer-svc (profiles of cold tiles). A class's rules do not change once its module has
 * loaded, so each lookup's answer is remembered per class and options, and all are forgotten
 * whenever a rule is registered (a module loaded later). The answers are only read by the
 * validator (it filters them into new arrays), so sharing them is safe.
 */
export function rememberValidationRules(): void {
  const storage = getMetadataStorage() as unknown as RuleStorage & { [installed]?: true };
  if (storage[installed]) return;
  storage[installed] = true;

  let byTarget = new WeakMap<object, Map<string, object[]>>();
  let grouped = new WeakMap<object[], Record<string, object[]>>();
  const forget = (): void => {
    byTarget = new WeakMap();
    grouped = new WeakMap();
  };

  const lookUp = storage.getTargetValidationMetadatas.bind(storage);
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    if (typeof target !== 'function') return lookUp(target, schema, always, strictGroups, groups);
    const key = `${schema ?? ''}\u0000${always}\u0000${strictGroups}\u0000${(groups ?? []).join('\u0001')}`;
    let answers = byTarget.get(target);
    if (!answers) byTarget.set(target, (answers = new Map()));
    let rules = answers.get(key);
    if (!rules) answers.set(key, (rules = lookUp(target, schema, always, strictGroups, groups)));
    return rules;
  };

  const group = storage.groupByPropertyName.bind(storage);
  storage.groupByPropertyName = (rules) => {
    let byProperty = grouped.get(rules);
    if (!byProperty) grouped.set(rules, (byProperty = group(rules)));
    return byProperty;
  };

  const addRule = storage.addValidationMetadata.bind(storage);
  storage.addValidationMetadata = (rule) => {
    forget();
    addRule(rule);
  };
  const addConstraint = storage.addConstraintMetadata.bind(storage);
  storage.addConstraintMetadata = (constraint) => {
    forget();
    addConstraint(constraint);
  };
}
