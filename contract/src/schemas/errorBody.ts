import * as z from 'zod';
import { ERROR_CODE_LIST } from '../errorCodes.js';

export const ErrorCodeSchema = z.enum(ERROR_CODE_LIST).meta({ id: 'ErrorCode' });

export const FieldErrorSchema = z
  .object({
    field: z.string().meta({ description: 'Dotted path of the offending field, e.g. `accepted_tokens.0`.' }),
    message: z.string(),
  })
  .meta({ id: 'FieldError' });

export const ErrorBodySchema = z
  .object({
    error: z.looseObject({
      code: z.string().meta({ description: 'Stable error code; branch on it, never on message.' }),
      message: z.string(),
      request_id: z.string().optional(),
      fields: z.array(FieldErrorSchema).optional().meta({ description: 'Present on VALIDATION_ERROR.' }),
    }),
  })
  .meta({
    id: 'Error',
    description: 'Every error has this shape.',
    example: { error: { code: 'UNAUTHORIZED', message: 'Missing or invalid API key.' } },
  });

export type ErrorBody = z.infer<typeof ErrorBodySchema>;
export type FieldError = z.infer<typeof FieldErrorSchema>;
