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
        out += "    )\n    # The reports the config defines are commands too.\n"
        out += "    commands+=(${(f)\"$(_call_program reports todo __complete reports 2>/dev/null)\"//:/\\\\:})\n"
        out += "    _describe -t commands 'todo command' commands\n}\n"
        out += zshIDs + zshValues + zshWords()

        out += "\n_todo() {\n    local todo_file= todo_env= i command=0 curcontext=$curcontext\n"
        out += "    local -a globals=(\n"
        for option in CommandTable.globalOptions { out += zshOptionSpecs(option, indent: "        ") }
        out += "    )\n"
        out += zshFileScan
        let valued = CommandTable.globalOptions.filter { $0.valueName != nil }.flatMap(spellings)
        out += zshCommandScan(valued)
        out += "    curcontext=${curcontext%:*:*}:todo-$words[1]:\n"
        out += "    case $words[1] in\n"
        for command in commands {
            out += "        \(command.words.joined(separator: "|")))\n"
            out += "            _arguments -S $globals"
            let specs =
                command.options.map { zshOptionSpecs($0, indent: "                ") }.joined()
                + command.arguments.enumerated().map { index, argument in
                    let last = index == command.arguments.count - 1
                    return "                \(zshArgumentSpec(argument, position: index + 1, last: last))\n"
                }.joined()
            out +=
                specs.isEmpty
                ? " ;;\n" : " \\\n" + specs.replacingOccurrences(of: "\n", with: " \\\n").dropLast(3) + " ;;\n"
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

    /// Finds the command: the first word that is neither an option, a global option's value
    /// (`valued`) nor a word of IDs (`todo 3 modify`), whose IDs move after it, where the
    /// command takes them; a report the config defines reads as list.
    private static func zshCommandScan(_ valued: [String]) -> String {
        var out = "    local -a ids\n    local id_pattern=\(quoted(idPattern))\n"
        out += "    for ((i = 2; i < CURRENT; i++)); do\n        case $words[i] in\n            --) break ;;\n"
        if !valued.isEmpty { out += "            \(valued.joined(separator: "|"))) (( i++ )) ;;\n" }
        out +=
            """
                        -*) ;;\n\
                        *) if [[ $words[i] =~ $id_pattern ]]; then ids+=($i); else command=$i; break; fi ;;\n
            """
        out += "        esac\n    done\n"
        out +=
            """
                if (( ! command )); then\n        for i in ${(Oa)ids}; do words[i]=(); done\n\
                    (( CURRENT -= $#ids ))\n
            """
        out += "        _arguments -S $globals '1:command:_todo_commands'\n        return\n    fi\n"
        out += "    local -a before\n    for i in $ids; do before+=(\"$words[i]\"); done\n"
        out +=
            """
                words=(\"$words[command]\" \"${before[@]}\" \"${(@)words[command+1,-1]}\")\n\
                (( CURRENT -= command - 1 - $#before ))\n
            """
        out += "    local -a reports=(${(f)\"$(_call_program reports todo __complete reports 2>/dev/null)\"})\n"
        out += "    (( ${reports[(Ie)$words[1]]} )) && words[1]=list\n"
        return out
    }

    /// `_arguments` specs for each spelling of `option`, one a line.
    private static func zshOptionSpecs(_ option: OptionSpec, indent: String) -> String {
        let help =
            "["
            + brief(option.help).replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
            .replacingOccurrences(of: ":", with: "\\:") + "]"
        return spellings(option).map { spelling in
            guard let valueName = option.valueName else { return indent + quoted(spelling + help) + "\n" }
            let equals = spelling.hasPrefix("--") ? "=" : ""
            return indent + quoted("\(spelling)\(equals)\(help):\(valueName):\(zshAction(option.kind))") + "\n"
        }.joined()
    }

    /// Only the last argument can be zsh's rest argument (`*`): an earlier repeating one
    /// (edit's `ID...`) completes at its position only. So does an earlier optional one, as
    /// in bash and fish: zsh would offer the next argument's words at its place too (filter
    /// terms for `todo context`'s ACTION).
    private static func zshArgumentSpec(_ argument: ArgumentSpec, position: Int, last: Bool) -> String {
        // `n::` marks an optional positional argument; `*::` would mean something else.
        let place = argument.repeats && last ? "*" : "\(position)" + (argument.optional && last ? ":" : "")
        return quoted("\(place):\(argument.name):\(zshAction(argument.kind))")
    }

    private static func zshAction(_ kind: ValueKind) -> String {
        switch kind {
        case .text, .field(.text): " "
        case .field(.tags): "_todo_values tags"
        case .field(.projects): "_todo_values projects"
        case .field(.priorities), .field(.dates), .field(.rules): "(\(kindWord(kind).dropFirst("words ".count)))"
        case .commaSeparated(let words): "_sequence compadd - \(words.joined(separator: " "))"
        case .attributes: "_todo_words attributes"
        case .filter: "_todo_words filter"
        case .path: "_files"
        case .todoID, .field(.todos): "_todo_ids"
        case .command: "_todo_commands"
        case .context: "_todo_values contexts"
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

    /// `_todo_words attributes|filter`: `+TAG` and `-TAG`, `KEY:VALUE` as the field table
    /// writes them, or the keys themselves (without a space after them).
    private static func zshWords() -> String {
        var out =
            """
            \n# Attribute words (last argument attributes) or filter terms (filter): +TAG, -TAG (and\n\
            # the virtual tags in a filter),\n
            """
        out += "# KEY:VALUE, or KEY:. _arguments passes compadd options (-J group) before it.\n_todo_words() {\n"
        out += "    local kind=${@[-1]}\n    local -a keys\n"
        out += "    if [[ $(todo __complete syntax ${todo_file:+--file=$todo_file} 2>/dev/null) == todotxt ]]; then\n"
        out +=
            "        # The todo.txt dialect: +PROJECT, @CONTEXT (a tag), or an add-on key.\n        case $PREFIX in\n"
        out += "            +*)\n                compset -P '+'\n                _todo_values projects ;;\n"
        out += "            @*)\n                compset -P '@'\n                _todo_values tags ;;\n"
        out += "            *:*|-*)\n                return 1 ;;\n"
        out +=
            """
                        ?*)\n                compadd -S '' - \(todoTxtKeys) ;;\n            *)\n\
                            return 1 ;;\n        esac\n        return\n    fi\n
            """
        out += "    case $PREFIX in\n"
        out += "        [+-]*)\n            compset -P '[+-]'\n"
        out += "            [[ $kind == filter ]] && compadd - \(virtualTags)\n            _todo_values tags ;;\n"
        out += "        *:*)\n            case $kind:${PREFIX%%:*} in\n"
        let attributeKeys = Set(keys(filter: false).map(\.key))
        for group in keysByKind(filter: true) {
            let pattern = group.keys.map { attributeKeys.contains($0) ? "*:\($0)" : "filter:\($0)" }.joined(
                separator: "|")
            let action = zshAction(group.kind)
            let call = action.hasPrefix("(") ? "compadd - \(action.dropFirst().dropLast())" : action
            out += "                \(pattern))\n                    compset -P '*:'\n                    \(call) ;;\n"
        }
        out += "            esac ;;\n"
        let attributes = keys(filter: false).map { $0.key + ":" }.joined(separator: " ")
        let filters = keys(filter: true).map { $0.key + ":" }.joined(separator: " ")
        out +=
            "        ?*)\n            if [[ $kind == filter ]]; then keys=(\(filters)); else keys=(\(attributes)); fi\n"
        out += "            keys+=(${(f)\"$(todo __complete udas 2>/dev/null)\"})\n"
        out += "            compadd -S '' -a keys ;;\n        *)\n            return 1 ;;\n    esac\n}\n"
        return out
    }

    /// Tags or projects from the state file _todo found.
    private static let zshValues = #"""

        # Tags (last argument tags) or projects (projects) in use, from the state file _todo
        # found, or contexts (contexts) from the config; the arguments before it are compadd
        # options _arguments passes (-J group).
        _todo_values() {
            local what=${@[-1]}
            local -a values
            values=(${(f)"$(
                [[ -n $todo_env ]] && export TODO_FILE=$todo_env
                _call_program $what todo __complete $what ${todo_file:+--file=$todo_file} 2>/dev/null
            )"})
            compadd "${@[1,-2]}" -a values
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
