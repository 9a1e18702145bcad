// Text for the viewer's size tests that compresses as a model's prose does (about threefold
// under DEFLATE), not as a repeated sentence does (a hundredfold): words drawn from a
// vocabulary by the project's keyed random streams, so every run writes the same pages.
import { keyedRandom } from "../files/random.ts";

const WORDS = ("the a of to and in is that it for on with as by at from this be are was which or an not can but " +
  "mass spring damper velocity position force torque angle heat flow temperature capacitor resistor current voltage " +
  "increases decreases steady state derivative sign positive negative zero rises falls constant node chain inertia " +
  "friction gravity contact ball block ramp table height time step measure read compare answer first then next so " +
  "because therefore since while until after before when each every both other same different larger smaller equal " +
  "value reading result tool call simulation object experiment trial estimate slope energy momentum collision").split(" ");

/** About `chars` characters of sentences, the same for the same key. */
export function prose(key: string, chars: number): string {
  const random = keyedRandom(`viewer-prose/${key}`), next = () => random.next();
  const out: string[] = [];
  let length = 0, sentence = 0;
  while (length < chars) {
    const w = WORDS[Math.floor(next() * WORDS.length)];
    const word = sentence === 0 ? w[0].toUpperCase() + w.slice(1) : next() < 0.08 ? `${w} ${(next() * 100).toFixed(3)}` : w;
    sentence = next() < 0.09 ? 0 : sentence + 1;
    const piece = sentence === 0 ? `${word}.` : word;
    out.push(piece);
    length += piece.length + 1;
  }
  return out.join(" ");
}
