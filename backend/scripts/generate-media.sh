#!/usr/bin/env bash
# Generates the embedded media of the catalogue (ADR 0042):
#   backend/media/ejercicio-<family>/{480p,540p,720p,1080p}.mp4 (the poster.svg beside them is drawn by the SPA, ADR 0220)
#     one short looping clip per exercise family, abstract motion with the family's
#     name drawn on it, at the four quality levels of spec section 9;
#   frontend/public/sounds/{beep,bell,complete}.mp3 for the session player.
# Needs ffmpeg (libx264, drawtext) and sox with mp3 support. Rerunning overwrites.
# Usage: backend/scripts/generate-media.sh [family ...]   (default: every family)
set -euo pipefail

BACKEND_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
MEDIA_DIR="$BACKEND_DIR/media"
SOUNDS_DIR="$BACKEND_DIR/../frontend/public/sounds"
FONT="${FONT:-/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf}"
SECONDS_PER_CLIP=4
FPS=24

command -v ffmpeg >/dev/null || { echo "Falta ffmpeg" >&2; exit 1; }
command -v sox >/dev/null || { echo "Falta sox (con soporte mp3)" >&2; exit 1; }
[ -f "$FONT" ] || { echo "No encuentro la fuente $FONT (define FONT=/ruta/a/fuente.ttf)" >&2; exit 1; }

# family | label drawn on the clip | motion (vertical, horizontal, pulse) | accent colour
FAMILIES=(
  "sentadilla|SENTADILLA|vertical|0x1466C3"
  "zancada|ZANCADA|vertical|0x2A9D8F"
  "bisagra|BISAGRA DE CADERA|vertical|0x7B61FF"
  "empuje|EMPUJE|horizontal|0xE76F51"
  "tiron|TIRÓN|horizontal|0xF4A261"
  "plancha|PLANCHA|pulse|0x1466C3"
  "abdomen|ABDOMEN|pulse|0xE63946"
  "salto|SALTOS|vertical|0xFFB703"
  "boxeo|BOXEO|horizontal|0xE63946"
  "cardio|CARDIO|horizontal|0xFB8500"
  "movilidad|MOVILIDAD|pulse|0x2A9D8F"
  "yoga|YOGA|pulse|0x8ECAE6"
  "equilibrio|EQUILIBRIO|vertical|0x90BE6D"
)

# quality | width | height | max bitrate (kbps, spec section 9)
QUALITIES=("480p|854|480|1000" "540p|960|540|2000" "720p|1280|720|3000" "1080p|1920|1080|5000")

motion_box() {
  local motion=$1 colour=$2 period=2
  case "$motion" in
    vertical)
      echo "drawbox=x='iw*0.44':y='ih*0.50+sin(2*PI*t/$period)*ih*0.14':w='iw*0.12':h='ih*0.14':color=$colour@1:t=fill" ;;
    horizontal)
      echo "drawbox=x='iw*0.44+sin(2*PI*t/($period/2))*iw*0.22':y='ih*0.52':w='iw*0.12':h='ih*0.14':color=$colour@1:t=fill" ;;
    pulse)
      echo "drawbox=x='iw*0.5-iw*(0.10+0.04*sin(2*PI*t/$period))':y='ih*0.55':w='iw*2*(0.10+0.04*sin(2*PI*t/$period))':h='ih*0.08':color=$colour@1:t=fill" ;;
  esac
}

make_clip() {
  local family=$1 label=$2 motion=$3 colour=$4
  local out="$MEDIA_DIR/ejercicio-$family"
  mkdir -p "$out"
  for quality in "${QUALITIES[@]}"; do
    IFS='|' read -r name width height kbps <<<"$quality"
    local filters
    filters="$(motion_box "$motion" "$colour")"
    filters+=",drawbox=x=0:y='ih*0.92':w='iw*t/$SECONDS_PER_CLIP':h='ih*0.012':color=$colour@0.8:t=fill"
    filters+=",drawtext=fontfile=$FONT:text='$label':fontcolor=white:fontsize=h/10:x=(w-text_w)/2:y=h*0.16"
    filters+=",drawtext=fontfile=$FONT:text='PULSO':fontcolor=white@0.55:fontsize=h/24:x=w*0.04:y=h*0.05"
    ffmpeg -hide_banner -loglevel error -y \
      -f lavfi -i "color=c=0x0d1b2a:s=${width}x${height}:d=$SECONDS_PER_CLIP:r=$FPS" \
      -vf "$filters" \
      -c:v libx264 -preset slow -tune animation -crf 30 -maxrate "${kbps}k" -bufsize "$((kbps * 2))k" \
      -g "$FPS" -pix_fmt yuv420p -movflags +faststart -an "$out/$name.mp4"
  done
  echo "ejercicio-$family: $(du -ch "$out"/*.mp4 | tail -1 | cut -f1) en 4 calidades"
}

make_sounds() {
  mkdir -p "$SOUNDS_DIR"
  local tmp
  tmp="$(mktemp -d)"
  # Countdown beep: short 880 Hz tone with soft edges (spec section 4: beeps at 3, 2, 1).
  sox -n -r 44100 -c 1 "$SOUNDS_DIR/beep.mp3" synth 0.25 sine 880 fade q 0.005 0.25 0.06 vol 0.6
  # Transition bell: inharmonic partials that ring out and decay.
  sox -n -r 44100 -c 1 "$tmp/bell.wav" synth 1.6 sine 1046.5 synth 1.6 sine mix 2637 synth 1.6 sine mix 3951 \
    fade p 0.003 1.6 1.5 vol 0.5
  sox "$tmp/bell.wav" "$SOUNDS_DIR/bell.mp3"
  # Completion chime: a rising C major arpeggio, the last note held.
  local notes=(523.25 659.25 783.99 1046.5) index=0
  for freq in "${notes[@]}"; do
    local length=0.16
    [ "$index" -eq 3 ] && length=0.9
    sox -n -r 44100 -c 1 "$tmp/note$index.wav" synth "$length" pluck "$freq" fade q 0.004 "$length" 0.08 vol 0.7
    index=$((index + 1))
  done
  sox "$tmp"/note0.wav "$tmp"/note1.wav "$tmp"/note2.wav "$tmp"/note3.wav "$SOUNDS_DIR/complete.mp3"
  rm -rf "$tmp"
  echo "sonidos: $(ls "$SOUNDS_DIR" | tr '\n' ' ')"
}

selected=("$@")
for entry in "${FAMILIES[@]}"; do
  IFS='|' read -r family label motion colour <<<"$entry"
  if [ ${#selected[@]} -eq 0 ] || [[ " ${selected[*]} " == *" $family "* ]]; then
    make_clip "$family" "$label" "$motion" "$colour"
  fi
done
[ ${#selected[@]} -eq 0 ] && make_sounds
exit 0
