"""A real speech recogniser behind the OpenAI transcription API, for tests and benchmarks.

CMU PocketSphinx (Debian's python3-pocketsphinx and pocketsphinx-en-us) answers
`POST /v1/audio/transcriptions` as a local OpenAI-compatible server would: on the CPU, seconds per
pass, one pass at a time. Its transcript is poor next to Whisper's, but it is a real recogniser:
its answer for a window depends on the audio in it, and its last words change as the window grows,
which a fake cannot show.

Requests are read as they arrive, each on its own thread, but recognised one at a time under one
lock, as a server with one model on one CPU does: a request that arrives during another's
recognition waits for it. Reading them at once (rather than from a single-threaded server's
backlog) is what lets the server note when each arrived, so a test can tell whether the client
sent a pass while another was in flight.

Every transcription is recorded and listed at `GET /requests`: when it was received (its headers
read), when its recognition started and ended (epoch milliseconds), its audio length and the
number of words recognised.
"""

import argparse
import io
import json
import os
import re
import sys
import threading
import time
import wave
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from pocketsphinx import Decoder

MODEL_DIRECTORY = "/usr/share/pocketsphinx/model/en-us"
SAMPLE_RATE = 16000
# PocketSphinx's segmentation reports frames of 10 ms.
FRAMES_PER_SECOND = 100
# A pause this long between two words starts a new segment, as Whisper's segments follow pauses.
SEGMENT_PAUSE_SECONDS = 0.3


def now_ms():
    return int(time.time() * 1000)


def new_decoder():
    config = Decoder.default_config()
    config.set_string("-hmm", os.path.join(MODEL_DIRECTORY, "en-us"))
    config.set_string("-lm", os.path.join(MODEL_DIRECTORY, "en-us.lm.bin"))
    config.set_string("-dict", os.path.join(MODEL_DIRECTORY, "cmudict-en-us.dict"))
    config.set_string("-logfn", os.devnull)
    # Each answer depends on its request's audio alone, as a Whisper server's does: by default the
    # cepstral mean and the noise estimate carry over from one utterance to the next, so the same
    # window would be heard differently after different earlier ones.
    config.set_string("-cmn", "batch")
    config.set_boolean("-remove_noise", False)
    return Decoder(config)


def is_filler(word):
    """Sentence marks, silence and noise are not words: <s>, </s>, <sil>, [NOISE], +SPN+."""
    return word.startswith(("<", "[", "+"))


def recognise(decoder, pcm):
    """The words of 16 kHz mono PCM16, with their times in seconds from its start."""
    decoder.start_utt()
    decoder.process_raw(pcm, False, True)
    decoder.end_utt()
    if decoder.hyp() is None:
        return []
    words = []
    for segment in decoder.seg():
        if is_filler(segment.word):
            continue
        words.append(
            {
                # "read(2)" is the second pronunciation of "read": the word is the same.
                "word": re.sub(r"\(\d+\)$", "", segment.word),
                "start": segment.start_frame / FRAMES_PER_SECOND,
                "end": (segment.end_frame + 1) / FRAMES_PER_SECOND,
            }
        )
    return words


def segments_of(words):
    segments = []
    for word in words:
        current = segments[-1] if segments else None
        if current is None or word["start"] - current["end"] >= SEGMENT_PAUSE_SECONDS:
            segments.append({"start": word["start"], "end": word["end"], "words": [word["word"]]})
        else:
            current["end"] = word["end"]
            current["words"].append(word["word"])
    return [
        {"start": segment["start"], "end": segment["end"], "text": " ".join(segment["words"])}
        for segment in segments
    ]


def form_fields(content_type, body):
    """multipart/form-data as {name: [bytes, ...]}, split at the boundary the client chose."""
    boundary = re.search(r'boundary="?([^";]+)"?', content_type or "")
    if boundary is None:
        return None
    fields = {}
    for part in body.split(b"--" + boundary.group(1).encode("latin-1"))[1:]:
        if part.startswith(b"--"):
            break
        head, _, content = part.removeprefix(b"\r\n").partition(b"\r\n\r\n")
        name = re.search(rb'name="([^"]*)"', head)
        if name is not None:
            fields.setdefault(name.group(1).decode("utf-8"), []).append(content.removesuffix(b"\r\n"))
    return fields


def read_pcm(wav_bytes):
    """The PCM of a 16 kHz mono PCM16 WAV, or a reason to refuse it."""
    try:
        with wave.open(io.BytesIO(wav_bytes)) as wav:
            if (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) != (1, 2, SAMPLE_RATE):
                return None, (
                    f"file must be 16 kHz mono PCM16 WAV; got {wav.getframerate()} Hz, "
                    f"{wav.getnchannels()} channel(s), {8 * wav.getsampwidth()}-bit"
                )
            return wav.readframes(wav.getnframes()), None
    except (wave.Error, EOFError) as error:
        return None, f"file must be a PCM WAV ({error})"


class Recogniser:
    """One decoder, used by one request at a time, and the record of every transcription."""

    def __init__(self, slowdown):
        self.decoder = new_decoder()
        self.slowdown = slowdown
        self.turn = threading.Lock()
        self.bookkeeping = threading.Lock()
        self.records = []
        self.in_flight = 0

    def arrived(self):
        with self.bookkeeping:
            self.in_flight += 1
        return now_ms()

    def left(self):
        with self.bookkeeping:
            self.in_flight -= 1

    def transcribe(self, received_at, pcm):
        audio_seconds = len(pcm) / (2 * SAMPLE_RATE)
        with self.turn:
            started_at = now_ms()
            began = time.monotonic()
            words = recognise(self.decoder, pcm)
            # A recogniser slower than this one: the pass takes at least slowdown × the audio.
            remaining = self.slowdown * audio_seconds - (time.monotonic() - began)
            if remaining > 0:
                time.sleep(remaining)
            ended_at = now_ms()
        with self.bookkeeping:
            self.records.append(
                {
                    "receivedAt": received_at,
                    "startedAt": started_at,
                    "endedAt": ended_at,
                    "audioMs": round(audio_seconds * 1000),
                    "words": len(words),
                }
            )
        return words, audio_seconds

    def snapshot(self):
        with self.bookkeeping:
            return {"requests": list(self.records), "inFlight": self.in_flight}


def handler_for(recogniser):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format, *args):
            pass

        def answer(self, status, document):
            body = json.dumps(document).encode("utf-8")
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            except ConnectionError:
                # The client gave up on the pass (a stopped session aborts it); nobody is listening.
                self.close_connection = True

        def refuse(self, status, message):
            self.answer(status, {"error": {"message": message, "type": "invalid_request_error"}})

        def do_GET(self):
            if self.path == "/health":
                self.answer(200, {"status": "ok", "inFlight": recogniser.snapshot()["inFlight"]})
            elif self.path == "/v1/models":
                self.answer(200, {"object": "list", "data": [{"id": "pocketsphinx", "object": "model"}]})
            elif self.path == "/requests":
                self.answer(200, recogniser.snapshot()["requests"])
            else:
                self.refuse(404, f"no route {self.path}")

        def do_POST(self):
            if self.path != "/v1/audio/transcriptions":
                self.refuse(404, f"no route {self.path}")
                return
            received_at = recogniser.arrived()
            try:
                self.transcription(received_at)
            finally:
                recogniser.left()

        def transcription(self, received_at):
            length = self.headers.get("Content-Length")
            if length is None:
                self.close_connection = True
                self.refuse(411, "Content-Length is required")
                return
            fields = form_fields(self.headers.get("Content-Type"), self.rfile.read(int(length)))
            if fields is None or "file" not in fields:
                self.refuse(400, "multipart/form-data with a file field is required")
                return
            response_format = fields.get("response_format", [b"json"])[0].decode("utf-8")
            if response_format not in ("json", "verbose_json"):
                self.refuse(400, f"response_format {response_format} is not supported: json or verbose_json")
                return
            pcm, problem = read_pcm(fields["file"][0])
            if problem is not None:
                self.refuse(400, problem)
                return
            words, audio_seconds = recogniser.transcribe(received_at, pcm)
            text = " ".join(word["word"] for word in words)
            if response_format == "json":
                self.answer(200, {"text": text})
                return
            self.answer(
                200,
                {
                    "text": text,
                    "language": "en",
                    "duration": audio_seconds,
                    "segments": segments_of(words),
                    "words": words,
                },
            )

    return Handler


def exit_when_stdin_closes():
    """The parent holds our standard input: when it ends, even by a crash, so does this server."""
    sys.stdin.buffer.read()
    os._exit(0)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0, help="0: any free port (printed on stdout)")
    parser.add_argument(
        "--slowdown",
        type=float,
        default=0.0,
        help="each transcription takes at least F × its audio length (0: as fast as it recognises)",
    )
    parser.add_argument(
        "--exit-with-stdin",
        action="store_true",
        help="exit when standard input closes (a parent process that ends leaves no server behind)",
    )
    options = parser.parse_args()
    recogniser = Recogniser(options.slowdown)
    server = ThreadingHTTPServer(("127.0.0.1", options.port), handler_for(recogniser))
    server.daemon_threads = True
    if options.exit_with_stdin:
        threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    print(f"listening on http://127.0.0.1:{server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
