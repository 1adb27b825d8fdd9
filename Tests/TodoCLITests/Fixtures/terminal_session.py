"""Drives an interactive bash, with job control, on a pseudo-terminal, as a person would.

Usage: terminal_session.py STEPS_JSON

STEPS_JSON is {"env": {NAME: VALUE}, "steps": [[KIND, TEXT], ...]}, the steps being
  ["line", TEXT]    type TEXT and Enter at the prompt;
  ["keys", TEXT]    type TEXT as it is (b"\x03" is Ctrl-C);
  ["expect", TEXT]  wait until the terminal shows TEXT (exactly, after what was matched so far);
  ["prompt", N]     wait for the command to end with exit status N and the prompt to come back.
bash prints "[status N]" before each prompt (PROMPT_COMMAND), so a prompt step also checks that
nothing but that came after the last expected text. Prints "ok" and exits 0 when every step
passed; otherwise prints which step failed and what the terminal showed, and exits 1.
"""
import json
import os
import re
import signal
import sys
import tempfile

import pexpect

TIMEOUT = 60  # seconds: generous, the machine may be busy; a passing step never waits it out


def main():
    spec = json.loads(sys.argv[1])
    # Readline would wrap each prompt in bracketed-paste controls.
    inputrc = tempfile.NamedTemporaryFile("w", suffix=".inputrc")
    inputrc.write("set enable-bracketed-paste off\n")
    inputrc.flush()
    env = dict(spec["env"])
    env.update({"PS1": "$ ", "PROMPT_COMMAND": 'echo "[status $?]"', "INPUTRC": inputrc.name})
    shell = pexpect.spawn("bash", ["--norc", "--noprofile", "-i"], env=env, dimensions=(24, 80),
                          encoding="utf-8", codec_errors="replace", timeout=TIMEOUT)
    wait(shell, "[status 0]\r\n$ ", "bash starting")
    shell.sendline("[[ $- == *m* ]] && echo job''control")
    wait(shell, "jobcontrol\r\n[status 0]\r\n$ ", "bash with job control")
    for number, (kind, text) in enumerate(spec["steps"], 1):
        if kind == "line":
            shell.sendline(text)
        elif kind == "keys":
            shell.send(text)
        elif kind == "expect":
            wait(shell, text, f"step {number}")
        elif kind == "prompt":
            wait(shell, f"[status {text}]\r\n$ ", f"step {number}", exact_start=True)
    shell.sendline("exit")
    wait(shell, pexpect.EOF, "exit")
    print("ok")


def wait(shell, text, what, exact_start=False):
    """Waits for `text`; with `exact_start`, nothing else may come before it but terminal controls."""
    try:
        shell.expect_exact(text)
    except (pexpect.TIMEOUT, pexpect.EOF) as error:
        end_session(shell.pid)
        fail(f"{what}: waited for {text!r}; the terminal showed {shell.before[-2000:]!r} ({type(error).__name__})")
    # Ignore escape sequences an editor leaves as it gives the screen back.
    shown = re.sub(r"\x1b(\[[0-9;?>=]*[a-zA-Z]|[=>]|\][^\x07]*\x07)", "", shell.before)
    if exact_start and shown.strip("\r\n"):
        end_session(shell.pid)
        fail(f"{what}: before {text!r} the terminal showed {shown!r}")


def end_session(leader):
    """Kills every process of the terminal's session, stopped ones included, so none outlives a failure."""
    for entry in os.listdir("/proc"):
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            if int(fields[3]) == leader:  # the session id
                os.kill(int(entry), signal.SIGKILL)
        except (ValueError, OSError, IndexError):
            pass


def fail(message):
    print(message)
    sys.exit(1)


if __name__ == "__main__":
    main()
