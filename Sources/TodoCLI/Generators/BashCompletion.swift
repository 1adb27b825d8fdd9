import Foundation

extension Completion {
    static func bashScript() -> String {
        var out = header("bash")
        out += "\n# REPLY: the command that word $1 names, if any.\n_todo_command() {\n    case $1 in\n"
        for command in commands {
            out += "        \(command.words.joined(separator: "|"))) REPLY=\(command.name) ;;\n"
        }
        out += "        *) REPLY= ;;\n    esac\n"
        out += "    # A report the config defines takes list's arguments and options.\n"
        out += "    if [[ -z $REPLY && -n $1 ]]; then\n        local reports\n"
        out += "        mapfile -t reports < <(todo __complete reports 2>/dev/null)\n"
        out += "        [[ \" ${reports[*]} \" == *\" $1 \"* ]] && REPLY=list\n    fi\n}\n"

        out +=
            """
            \n# REPLY: option $2 of command $1 as 'LONG KIND' (KIND is 'flag' when it takes no value).\n\
            _todo_option() {\n    case $2 in\n
            """
        out += bashOptionCases(CommandTable.globalOptions, indent: "        ")
        out += "        *)\n            case $1 in\n"
        for command in commands where !command.options.isEmpty {
            out += "                \(command.name))\n                    case $2 in\n"
            out += bashOptionCases(command.options, indent: "                        ")
            out += "                        *) REPLY= ;;\n                    esac ;;\n"
        }
        out += "                *) REPLY= ;;\n            esac ;;\n    esac\n}\n"

        let globals = CommandTable.globalOptions.map { "--\($0.long)" }.joined(separator: " ")
        out += "\n# REPLY: the long options of command $1, global ones included.\n_todo_options() {\n    case $1 in\n"
        for command in commands where !command.options.isEmpty {
            out +=
                """
                        \(command.name)) \
                REPLY=\(quoted(command.options.map { "--\($0.long)" }.joined(separator: " "))) ;;\n
                """
        }
        out += "        *) REPLY= ;;\n    esac\n    REPLY+=\(quoted(" " + globals))\n}\n"

        out +=
            """
            \n# REPLY: the kind of argument $2 (counting from 0) of command $1.\n_todo_argument() {\n\
                local kinds=() repeats=\n    case $1 in\n
            """
        for command in commands where !command.arguments.isEmpty {
            let kinds = command.arguments.map { quoted(kindWord($0.kind)) }.joined(separator: " ")
            let repeats = command.arguments.last!.repeats ? " repeats=1" : ""
            out += "        \(command.name)) kinds=(\(kinds))\(repeats) ;;\n"
        }
        out += "    esac\n    REPLY=${kinds[$2]}\n    [[ -z $REPLY && -n $repeats ]] && REPLY=${kinds[-1]}\n}\n"

        out += bashKeys()

        let names = commands.flatMap(\.words).joined(separator: " ")
        out += bashBody.replacingOccurrences(of: "@COMMANDS@", with: quoted(names)).replacingOccurrences(
            of: "@VIRTUAL@", with: quoted(virtualTags)
        )
        .replacingOccurrences(of: "@TODOTXTKEYS@", with: quoted(todoTxtKeys)).replacingOccurrences(
            of: "@IDS@", with: quoted(idPattern))
        return out
    }

    /// `_todo_key` (the kind of value after `KEY:`) and `_todo_keys` (every `KEY:`), for
    /// attribute words (`$2`/`$1` attributes) and filter terms (filter).
    private static func bashKeys() -> String {
        var out =
            """
            \n# REPLY: the kind of value after KEY: ($1) in an attribute word, or in a filter term when $2 is filter.\n\
            _todo_key() {\n
            """
        out += "    REPLY=\n    case $2:$1 in\n"
        let attributeKeys = Set(keys(filter: false).map(\.key))
        for group in keysByKind(filter: true) {
            let pattern = group.keys.map { attributeKeys.contains($0) ? "*:\($0)" : "filter:\($0)" }.joined(
                separator: "|")
            out += "        \(pattern)) REPLY=\(quoted(kindWord(group.kind))) ;;\n"
        }
        out += "    esac\n}\n"
        out +=
            """
            \n# REPLY: every KEY: of attribute words, or of filter terms when $1 is filter; then the\n\
            # attributes 'todo config uda.NAME.type' declares.\n_todo_keys() {\n
            """
        let attributes = keys(filter: false).map { $0.key + ":" }.joined(separator: " ")
        let filters = keys(filter: true).map { $0.key + ":" }.joined(separator: " ")
        out += "    if [[ $1 == filter ]]; then REPLY=\(quoted(filters)); else REPLY=\(quoted(attributes)); fi\n"
        out += "    REPLY+=\" $(todo __complete udas 2>/dev/null)\"\n}\n"
        return out
    }

    private static func bashOptionCases(_ options: [OptionSpec], indent: String) -> String {
        options.map { option in
            let kind = option.valueName == nil ? "flag" : kindWord(option.kind)
            return
                "\(indent)\(spellings(option).joined(separator: "|"))) REPLY=\(quoted("\(option.long) \(kind)")) ;;\n"
        }.joined()
    }

    private static let bashBody = #"""

        # COMPREPLY: the values of kind $1 that start with $2; todo numbers, tags and projects
        # from the state file $3; reports (as commands) and contexts from the config.
        _todo_values() {
            local lines line
            case $1 in
                path)
                    compopt -o filenames 2>/dev/null
                    mapfile -t COMPREPLY < <(compgen -f -- "$2") ;;
                ids)
                    mapfile -t lines < <(todo __complete ids ${3:+"--file=$3"} 2>/dev/null)
                    mapfile -t COMPREPLY < <(compgen -W "${lines[*]%%$'\t'*}" -- "$2") ;;
                tags|projects|contexts)
                    COMPREPLY=()
                    mapfile -t lines < <(todo __complete "$1" ${3:+"--file=$3"} 2>/dev/null)
                    for line in "${lines[@]}"; do [[ $line == "$2"* ]] && COMPREPLY+=("$line"); done ;;
                commands)
                    mapfile -t COMPREPLY < <(compgen -W @COMMANDS@" $(todo __complete reports 2>/dev/null)" -- "$2") ;;
                words\ *)
                    mapfile -t COMPREPLY < <(compgen -W "${1#words }" -- "$2") ;;
                list\ *)
                    compopt -o nospace 2>/dev/null
                    mapfile -t COMPREPLY < <(compgen -P "${2%"${2##*,}"}" -W "${1#list }" -- "${2##*,}") ;;
                attributes|filter)
                    _todo_words "$1" "$2" "$3" ;;
            esac
        }

        # COMPREPLY: attribute words ($1 attributes) or filter terms ($1 filter) that start with
        # $2: +TAG and -TAG (and the virtual tags in a filter), KEY:VALUE, or the keys themselves.
        _todo_words() {
            local key REPLY
            if [[ $(todo __complete syntax ${3:+"--file=$3"} 2>/dev/null) == todotxt ]]; then
                _todo_txt_words "$2" "$3"
                return
            fi
            case $2 in
                [+-]*)
                    _todo_values tags "${2:1}" "$3"
                    [[ $1 == filter ]] && mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -W @VIRTUAL@ -- \#
        "${2:1}")
                    COMPREPLY=("${COMPREPLY[@]/#/${2:0:1}}") ;;
                *:*)
                    key=${2%%:*}
                    _todo_key "$key" "$1"
                    COMPREPLY=()
                    [[ -n $REPLY ]] && _todo_values "$REPLY" "${2#*:}" "$3"
                    COMPREPLY=("${COMPREPLY[@]/#/$key:}") ;;
                ?*)
                    _todo_keys "$1"
                    compopt -o nospace 2>/dev/null
                    mapfile -t COMPREPLY < <(compgen -W "$REPLY" -- "$2") ;;
            esac
        }

        # COMPREPLY: in the todo.txt dialect, words that start with $1: +PROJECT, @CONTEXT (a
        # tag), or an add-on key.
        _todo_txt_words() {
            COMPREPLY=()
            case $1 in
                +*)
                    _todo_values projects "${1:1}" "$2"
                    COMPREPLY=("${COMPREPLY[@]/#/+}") ;;
                @*)
                    _todo_values tags "${1:1}" "$2"
                    COMPREPLY=("${COMPREPLY[@]/#/@}") ;;
                *:* | -*) ;;
                ?*)
                    compopt -o nospace 2>/dev/null
                    mapfile -t COMPREPLY < <(compgen -W @TODOTXTKEYS@ -- "$1") ;;
            esac
        }

        # Reads the words before the cursor as todo's parser does: options before or after the
        # command, an option's value in the next word or after '=' (where bash splits words too),
        # IDs before the command (todo 3 modify) as its first arguments, and '--' ending options.
        _todo() {
            local cur=${COMP_WORDS[COMP_CWORD]} word command= file= expect= ended= count=0 i REPLY ids=@IDS@
            COMPREPLY=()
            for ((i = 1; i < COMP_CWORD; i++)); do
                word=${COMP_WORDS[i]}
                if [[ -n $expect ]]; then
                    [[ $word == = ]] && continue
                    [[ $expect == 'file path' ]] && file=$word
                    expect=
                elif [[ -z $ended && $word == -- ]]; then
                    ended=1
                elif [[ -z $ended && $word == -?* ]]; then
                    _todo_option "$command" "${word%%=*}"
                    if [[ $word == *=* ]]; then
                        [[ $REPLY == 'file path' ]] && file=${word#*=}
                    elif [[ -n $REPLY && $REPLY != *' flag' ]]; then
                        expect=$REPLY
                    fi
                elif [[ -z $command && $word =~ $ids ]]; then
                    ((count++))
                elif [[ -z $command ]]; then
                    _todo_command "$word"
                    command=${REPLY:-?}
                else
                    ((count++))
                fi
            done
            [[ $file == '~/'* ]] && file=$HOME/${file#'~/'}
            [[ $cur == = && -n $expect ]] && cur=
            # bash splits words at ':' and '@' too (COMP_WORDBREAKS), and replaces only what
            # follows the last of them: attribute words are read whole from the line, and
            # candidates lose all up to it, as bash-completion's __ltrim_colon_completions does.
            local line=${COMP_LINE:0:COMP_POINT}
            local full=${line##*[[:space:]]} lead= breaks=
            [[ $COMP_WORDBREAKS == *:* ]] && breaks+=:
            [[ $COMP_WORDBREAKS == *@* ]] && breaks+=@
            [[ -n $breaks ]] && lead=${full%"${full##*[$breaks]}"}
            if [[ -n $expect ]]; then
                _todo_values "${expect#* }" "$cur" "$file"
            elif [[ -z $ended && $cur == -* ]]; then
                _todo_options "$command"
                mapfile -t COMPREPLY < <(compgen -W "$REPLY" -- "$cur")
                _todo_argument "$command" "$count"
                if [[ $cur == -[!-]* && ( $REPLY == attributes || $REPLY == filter ) ]]; then
                    local options=("${COMPREPLY[@]}")
                    _todo_words "$REPLY" "$cur" "$file"
                    COMPREPLY=("${options[@]}" "${COMPREPLY[@]}")
                fi
            elif [[ -z $command ]]; then
                _todo_values commands "$cur"
            else
                _todo_argument "$command" "$count"
                if [[ $REPLY == attributes || $REPLY == filter ]]; then
                    _todo_words "$REPLY" "$full" "$file"
                    COMPREPLY=("${COMPREPLY[@]#"$lead"}")
                else
                    _todo_values "$REPLY" "$cur" "$file"
                fi
            fi
        }

        complete -F _todo todo

        """#
}
