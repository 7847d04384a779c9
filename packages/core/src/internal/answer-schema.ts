/** The part of a JSON Schema the client checks answers with (the generated schemas are typed by it). */
export interface AnswerSchema {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, AnswerSchema>>;
  readonly required?: readonly string[];
  readonly items?: AnswerSchema;
  readonly anyOf?: readonly AnswerSchema[];
  readonly enum?: readonly unknown[];
}
