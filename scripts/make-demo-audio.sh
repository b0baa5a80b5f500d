#!/usr/bin/env bash
# Regenerates the offline demo assistant's recorded voice (widget/demo/audio/*.webm) and the
# visitor-speech fixture for the browser tests (tests/fixtures/demo/visitor-speech.wav).
#
# The clips are a development-time artifact and are committed; nothing runs this at build or
# test time. The text comes from widget/demo/script.ts (CLIPS), so the transcript the demo
# shows and the audio it plays cannot drift apart. After regenerating, empty KEPT_STRETCHES in
# widget/demo/clips.ts: it cuts a sentence out of the old booked.webm, not out of a new one.
#
# Voice: Festival with the CMU "slt" HTS voice (Debian: festival festvox-us-slt-hts), which
# sounds far more natural than formant synthesis. When it is missing, the script falls back to
# espeak-ng's en-us female variant and says so.
#
# Encoding: mono Opus in WebM at 16 kb/s (speech-tuned "voip" mode, 48 kHz), decodable by
# Web Audio's decodeAudioData in Chromium, Firefox and Safari 15+. All clips together stay far
# below the 200 KB budget (the script prints the total).
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=widget/demo/audio
FIXTURE=tests/fixtures/demo/visitor-speech.wav
BITRATE=16k
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

for tool in sox ffmpeg; do
  command -v "$tool" >/dev/null || { echo "missing $tool (apt-get install -y $tool)" >&2; exit 1; }
done

if command -v text2wave >/dev/null && [ -d /usr/share/festival/voices/us/cmu_us_slt_arctic_hts ]; then
  ENGINE=festival
else
  ENGINE=espeak
  echo "Festival's slt voice is missing (apt-get install -y festival festvox-us-slt-hts);" >&2
  echo "falling back to espeak-ng, which sounds robotic." >&2
  command -v espeak-ng >/dev/null || { echo "missing espeak-ng too" >&2; exit 1; }
fi

# "id<TAB>spoken text" for every clip, read from the TypeScript source of truth.
npx --no-install tsx -e '
  import("./widget/demo/script.ts").then(({ CLIPS }) => {
    for (const [id, clip] of Object.entries(CLIPS)) {
      process.stdout.write(`${id}\t${clip.spoken ?? clip.text}\n`);
    }
  });
' >"$WORK/lines.tsv"

synthesize() { # text, out.wav
  if [ "$ENGINE" = festival ]; then
    printf '%s\n' "$1" >"$WORK/line.txt"
    text2wave -eval '(voice_cmu_us_slt_arctic_hts)' "$WORK/line.txt" -o "$2"
  else
    espeak-ng -v en-us+f3 -s 160 -p 55 -w "$2" "$1"
  fi
}

mkdir -p "$OUT"
rm -f "$OUT"/*.webm
while IFS=$'\t' read -r -u 3 id text; do
  synthesize "$text" "$WORK/$id.raw.wav"
  # 48 kHz (Opus's native rate), trim the synthesizer's silences, a gentle high-pass against
  # rumble, 8 % faster (the voice is slow), 120 ms of air on each side and a peak of -3 dBFS
  # so levels are alike across clips.
  sox "$WORK/$id.raw.wav" -r 48000 -c 1 "$WORK/$id.wav" \
    silence 1 0.02 0.5% reverse silence 1 0.02 0.5% reverse \
    highpass 80 tempo -s 1.08 pad 0.12 0.12 norm -3
  ffmpeg -nostdin -loglevel error -y -i "$WORK/$id.wav" -map_metadata -1 -c:a libopus -b:a "$BITRATE" \
    -application voip -frame_duration 40 -ac 1 "$OUT/$id.webm"
  printf '%-12s %6s B  %s s\n' "$id" "$(stat -c %s "$OUT/$id.webm")" "$(soxi -D "$WORK/$id.wav")"
done 3<"$WORK/lines.tsv"
echo "total: $(cat "$OUT"/*.webm | wc -c) B"

# The browser tests feed this to Chromium as the fake microphone
# (--use-file-for-fake-audio-capture); Chromium loops it: 1 s of silence, the visitor's line in
# a different (male) voice, then 2.5 s of silence. 8 kHz mono PCM keeps it small.
mkdir -p "$(dirname "$FIXTURE")"
espeak-ng -v en-us+m3 -s 165 -w "$WORK/visitor.raw.wav" \
  'Hi! Is the house on Linden Court still available?'
sox "$WORK/visitor.raw.wav" -r 8000 -c 1 -b 16 "$FIXTURE" \
  silence 1 0.02 0.5% reverse silence 1 0.02 0.5% reverse norm -3 pad 1 2.5
echo "fixture: $FIXTURE $(stat -c %s "$FIXTURE") B, $(soxi -D "$FIXTURE") s"
