// Prompt length in o200k_base tokens, the encoding of the paper's 80,000-token ceiling.
import { countTokens as countO200k } from "gpt-tokenizer/encoding/o200k_base";


export function countTokens(text: string): number {
  return countO200k(text);
}
