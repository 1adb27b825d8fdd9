"""Types a command line and TAB into an interactive bash or fish on a pseudo-terminal.

Usage: completion_session.py SPEC_JSON

SPEC_JSON is {"shell": "bash" or "fish", "script": the completion script, "env": {NAME: VALUE},
"setup": shell commands run first (may be empty), "line": the text typed, "tabs": how many
TABs follow it}. After the TABs a key bound to print
the shell's line editor buffer is pressed; every key is read in order, so that comes once the
completion is done. Prints {"buffer": the line after completion, "screen": what the terminal
showed meanwhile, escape sequences removed} as JSON and exits 0; otherwise prints what went
wrong and exits 1.
"""
import json
import re
import sys
import tempfile

import pexpect

TIMEOUT = 60  # seconds: generous, the machine may be busy; a passing run never waits it out
DUMP = "\x1b[24~"  # F12, bound to print the buffer between these markers
START, END = "[[BUFFER:", ":BUFFER]]"


def main():
    spec = json.loads(sys.argv[1])
    env = dict(spec["env"])
    inputrc = tempfile.NamedTemporaryFile("w", suffix=".inputrc")
    if spec["shell"] == "bash":
        # No bracketed-paste controls and no bell around what the line shows.
        inputrc.write("set enable-bracketed-paste off\nset bell-style none\n")
        inputrc.flush()
        env.update({"INPUTRC": inputrc.name, "PS1": "$ ", "PROMPT_COMMAND": ""})
        setup = (f"{spec['setup']}\nsource {spec['script']}; "
                 f"bind -x '\"\\e[24~\": printf \"\\n{START}%s{END}\\n\" \"$READLINE_LINE\"'; PS1='READY''> '")
        shell = spawn("bash", ["--norc", "--noprofile", "-i"], env)
        wait(shell, "$ ", "bash starting")
        shell.sendline(setup)
    else:
        setup = (f"{spec['setup']}\nset -g fish_greeting; function fish_prompt; echo -n 'READY> '; end; source {spec['script']}; "
                 f"bind \\e\\[24~ 'printf \"\\n{START}%s{END}\\n\" (commandline)'")
        shell = spawn("fish", ["-i", "-C", setup], env)
    # The echo of the set-up line shows READY''> , not the prompt.
    wait(shell, "READY> ", f"{spec['shell']} set up")
    shell.send(spec["line"] + "\t" * spec["tabs"] + DUMP)
    wait(shell, END, "the buffer")
    shown = shell.before
    start = shown.rfind(START)
    if start < 0:
        fail(f"no buffer shown: {shown!r}")
    screen = re.sub(r"\x1b(\[[0-9;?>=]*[a-zA-Z~]|[=>]|\][^\x07]*\x07|\([AB0])|[\x00\x0e\x0f\r]", "", shown[:start])
    print(json.dumps({"buffer": shown[start + len(START):], "screen": screen}))
    shell.terminate(force=True)


def spawn(program, arguments, env):
    return pexpect.spawn(program, arguments, env=env, dimensions=(24, 80),
                         encoding="utf-8", codec_errors="replace", timeout=TIMEOUT)


def wait(shell, text, what):
    try:
        shell.expect_exact(text)
    except (pexpect.TIMEOUT, pexpect.EOF) as error:
        shell.terminate(force=True)
        fail(f"{what}: waited for {text!r}; the terminal showed {shell.before[-2000:]!r} ({type(error).__name__})")


def fail(message):
    print(message)
    sys.exit(1)


if __name__ == "__main__":
    main()
