import Foundation

extension Completion {
    static func zshScript() -> String {
        var out = "#compdef todo\n" + header("zsh")
        out += "\n_todo_commands() {\n    local -a commands=(\n"
        for command in commands {
            for word in command.words {
                let summary = word == command.name ? command.summary : "\(command.summary) (\(command.name))"
                out += "        \(quoted("\(word):\(summary)"))\n"
            }
        }
        out += "    )\n    _describe -t commands 'todo command' commands\n}\n"
        out += zshIDs + zshWords

        out += "\n_todo() {\n    local todo_file= todo_env= i command=0 curcontext=$curcontext\n"
        out += "    local -a globals=(\n"
        for option in CommandTable.globalOptions { out += zshOptionSpecs(option, indent: "        ") }
        out += "    )\n"
        out += zshFileScan
        let valued = CommandTable.globalOptions.filter { $0.valueName != nil }.flatMap(spellings)
        out += "    # The command is the first word that is neither an option nor a global option's value.\n"
        out += "    for ((i = 2; i < CURRENT; i++)); do\n        case $words[i] in\n            --) break ;;\n"
        if !valued.isEmpty { out += "            \(valued.joined(separator: "|"))) (( i++ )) ;;\n" }
        out += "            -*) ;;\n            *) command=$i; break ;;\n        esac\n    done\n"
        out += "    if (( ! command )); then\n        _arguments -S $globals '1:command:_todo_commands'\n        return\n    fi\n"
        out += "    words=(\"${(@)words[command,-1]}\")\n    (( CURRENT -= command - 1 ))\n"
        out += "    curcontext=${curcontext%:*:*}:todo-$words[1]:\n"
        out += "    case $words[1] in\n"
        for command in commands {
            out += "        \(command.words.joined(separator: "|")))\n"
            out += "            _arguments -S $globals"
            let specs = command.options.map { zshOptionSpecs($0, indent: "                ") }.joined()
                + command.arguments.enumerated().map { "                \(zshArgumentSpec($0.element, position: $0.offset + 1))\n" }.joined()
            out += specs.isEmpty ? " ;;\n" : " \\\n" + specs.replacingOccurrences(of: "\n", with: " \\\n").dropLast(3) + " ;;\n"
        }
        out += "    esac\n}\n"
        out += #"""

            if [[ $funcstack[1] == _todo ]]; then
                _todo "$@"
            else
                compdef _todo todo
            fi

            """#
        return out
    }

    /// `_arguments` specs for each spelling of `option`, one a line.
    private static func zshOptionSpecs(_ option: OptionSpec, indent: String) -> String {
        let help = "[" + brief(option.help).replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
            .replacingOccurrences(of: ":", with: "\\:") + "]"
        return spellings(option).map { spelling in
            guard let valueName = option.valueName else { return indent + quoted(spelling + help) + "\n" }
            let equals = spelling.hasPrefix("--") ? "=" : ""
            return indent + quoted("\(spelling)\(equals)\(help):\(valueName):\(zshAction(option.kind))") + "\n"
        }.joined()
    }

    private static func zshArgumentSpec(_ argument: ArgumentSpec, position: Int) -> String {
        // `n::` marks an optional positional argument; `*::` would mean something else.
        let place = argument.repeats ? "*" : "\(position)" + (argument.optional ? ":" : "")
        return quoted("\(place):\(argument.name):\(zshAction(argument.kind))")
    }

    private static func zshAction(_ kind: ValueKind) -> String {
        switch kind {
        case .text, .field, .commaSeparated: " "
        case .attributes, .filter: "_todo_words"
        case .path: "_files"
        case .todoID: "_todo_ids"
        case .command: "_todo_commands"
        case .choice(let words): "(\(words.joined(separator: " ")))"
        }
    }

    /// Sets `todo_file` from `--file` anywhere on the line and `todo_env` from a `TODO_FILE=…`
    /// before the command, for `_todo_ids`.
    private static let zshFileScan = #"""
            setopt localoptions extendedglob
            for i in ${(z)LBUFFER}; do
                [[ $i == [[:alpha:]_][[:alnum:]_]#=* ]] || break
                [[ $i == TODO_FILE=* ]] && todo_env=${(Q)i#TODO_FILE=}
            done
            for ((i = 2; i < CURRENT; i++)); do
                case $words[i] in
                    --file) todo_file=$words[i+1] ;;
                    --file=*) todo_file=${words[i]#--file=} ;;
                esac
            done
            [[ $todo_file == '~/'* ]] && todo_file=$HOME/${todo_file#'~/'}
            [[ $todo_env == '~/'* ]] && todo_env=$HOME/${todo_env#'~/'}

        """#

    /// Completes the words among which attribute words or filter terms go: nothing yet, but
    /// unlike a message it lets `--fi` TAB complete an option's common prefix.
    private static let zshWords = #"""

        _todo_words() {
            return 1
        }

        """#

    private static let zshIDs = #"""

        # The todos, numbered in order with their names, from the state file _todo found.
        _todo_ids() {
            local -a lines todos
            lines=(${(f)"$(
                [[ -n $todo_env ]] && export TODO_FILE=$todo_env
                _call_program todos todo __complete ids ${todo_file:+--file=$todo_file} 2>/dev/null
            )"})
            todos=(${lines/$'\t'/:})
            _describe -V -t todos 'todo' todos
        }

        """#
}
