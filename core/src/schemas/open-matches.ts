import * as Schema from "effect/Schema";
import { isLevel, LEVEL_MESSAGE } from "../domain/open-match.js";
import { isLocalDate } from "../domain/time.js";
import { body, Id, required, says, Text } from "./fields.js";

/** Open matches (DESIGN.md section 17): the organiser's range, the public list's filters. */

const Level = Schema.Number.pipe(Schema.filter(isLevel));

export const OpenMatchBody = body({
  levelMin: required(Level, `El campo 'levelMin': ${LEVEL_MESSAGE}`),
  levelMax: required(Level, `El campo 'levelMax': ${LEVEL_MESSAGE}`),
  note: Schema.optional(
    Schema.NullOr(Text(0, 200).pipe(Schema.filter((s) => !/\p{Cc}/u.test(s))).annotations(says("La nota admite hasta 200 caracteres, sin caracteres de control"))),
  ),
});
export type OpenMatchBody = typeof OpenMatchBody.Type;

const LevelFromString = Schema.NumberFromString.pipe(Schema.filter(isLevel));

export const OpenMatchQuery = Schema.Struct({
  venueId: Schema.optional(Id.annotations(says("El parámetro 'venueId' no es válido"))),
  date: Schema.optional(Schema.String.pipe(Schema.filter(isLocalDate)).annotations(says("El parámetro 'date' debe ser una fecha AAAA-MM-DD"))),
  level: Schema.optional(LevelFromString.annotations(says(`El parámetro 'level': ${LEVEL_MESSAGE}`))),
});
export type OpenMatchQuery = typeof OpenMatchQuery.Type;
